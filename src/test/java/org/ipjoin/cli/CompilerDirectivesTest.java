package org.ipjoin.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The compiler directives the driver adds at start: the file beside {@link CompilerDirectives}
 * parses and the running JVM (HotSpot 17, the one the build runs on) takes it through the
 * DiagnosticCommand MBean; the system property switches it off.
 */
class CompilerDirectivesTest {

  @Test
  void theJvmTakesTheDirectivesUnlessSwitchedOff() {
    String before = System.getProperty(CompilerDirectives.SWITCH);
    try {
      System.setProperty(CompilerDirectives.SWITCH, "false");
      assertFalse(CompilerDirectives.install(), "switched off");
      System.clearProperty(CompilerDirectives.SWITCH);
      assertTrue(CompilerDirectives.install(), "c2-directives.json added through the MBean");
    } finally {
      if (before == null) {
        System.clearProperty(CompilerDirectives.SWITCH);
      } else {
        System.setProperty(CompilerDirectives.SWITCH, before);
      }
    }
  }
}
