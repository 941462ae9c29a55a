package org.ipjoin.job.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The sticky-directory rule of {@code --overwrite}'s check (what Linux's rename(2) and unlink(2)
 * apply in a sticky directory such as /tmp). The tests run as root, whom the rule never stops, so
 * the rule is checked here on owners' names.
 */
class OutputCheckStickyTest {

  @Test
  void onlyTheOwnerOfTheDirectoryOrOfTheOutputOrLocalRootMayMoveIt() {
    assertTrue(OutputCheck.stickyForbids("root", "bob", "alice", true));
    assertFalse(OutputCheck.stickyForbids("root", "alice", "alice", true));
    assertFalse(OutputCheck.stickyForbids("alice", "bob", "alice", true));
    assertFalse(OutputCheck.stickyForbids("bob", "bob", "root", true));
    assertTrue(OutputCheck.stickyForbids("bob", "bob", "root", false), "HDFS: root is no superuser");
  }
}
