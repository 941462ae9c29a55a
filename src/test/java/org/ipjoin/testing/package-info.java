/**
 * Fixtures shared by ipjoin's own tests: CSV fields, address text, list lines through the parser,
 * the list oracle, random lists, damaged index files and driver runs. Internal: unlike
 * {@link org.ipjoin.testkit}, nothing here is part of the published test jar.
 */
package org.ipjoin.testing;
