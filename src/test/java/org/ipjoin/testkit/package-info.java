/**
 * The test kit ipjoin publishes for its users' own tests: its test jar
 * ({@code org.ipjoin:ipjoin:<version>:test-jar}) holds this package and nothing else of ipjoin's
 * tests. {@link org.ipjoin.testkit.IpJoinMiniCluster} starts HDFS and YARN once per test class and
 * drives ipjoin through the public API ({@code org.ipjoin.api}) only; docs/embedding.md.
 */
package org.ipjoin.testkit;
