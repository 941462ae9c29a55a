package org.ipjoin.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Hadoop logs through slf4j 1.7 bound to reload4j (configured by log4j.properties). A dependency
 * that brings slf4j-api 2.x nearer in Maven's tree wins over Hadoop's 1.7 on every classpath built
 * from this pom, the launchers' included; 2.x ignores the 1.7 binding and every log line, ipjoin's
 * and Hadoop's, silently goes nowhere.
 */
class LoggingBindingTest {

  @Test
  void slf4jIsBoundToReload4j() {
    assertEquals("org.slf4j.impl.Reload4jLoggerFactory",
        LoggerFactory.getILoggerFactory().getClass().getName());
  }
}
