package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LabelInternerTest {

  @Test
  void idsInFirstSeenOrderEachLabelOnce() {
    LabelInterner d = new LabelInterner();
    byte[] line = "x\tspam\tscanner\tspam".getBytes(StandardCharsets.UTF_8);
    assertEquals(1, d.idOf(line, 2, 6));
    assertEquals(2, d.idOf(line, 7, 14));
    assertEquals(1, d.idOf(line, 15, 19), "the same bytes elsewhere in the buffer");
    assertEquals(1, d.idOf("spam"));
    assertEquals(3, d.idOf("Zürich"));
    assertEquals(3, d.size());
    assertEquals("scanner", d.label(2));
    assertEquals("Zürich", d.label(3));
    assertArrayEquals("Zürich".getBytes(StandardCharsets.UTF_8), d.bytes(3));
    assertEquals(4 + 7 + 7, d.totalBytes());
    assertArrayEquals("spamscannerZürich".getBytes(StandardCharsets.UTF_8), d.concatenatedBytes());
    assertArrayEquals(new int[] {0, 4, 11, 18}, d.endOffsets());
    assertArrayEquals(new int[] {0}, new LabelInterner().endOffsets());
  }

  @Test
  void manyDistinctLabels() {
    LabelInterner d = new LabelInterner();
    int n = 200_000;
    for (int i = 0; i < n; i++) {
      assertEquals(i + 1, d.idOf("label-" + i));
    }
    for (int i = n - 1; i >= 0; i -= 7) {
      assertEquals(i + 1, d.idOf("label-" + i));
      assertEquals("label-" + i, d.label(i + 1));
    }
    assertEquals(n, d.size());
  }

  @Test
  void keepOnlyRenumbersInTheSameOrder() {
    LabelInterner d = new LabelInterner();
    for (String s : new String[] {"a", "b", "c", "d"}) {
      d.idOf(s);
    }
    int[] remap = new int[5];
    LabelInterner kept = d.keepOnly(new boolean[] {false, false, true, false, true}, remap);
    assertEquals(2, kept.size());
    assertEquals("b", kept.label(1));
    assertEquals("d", kept.label(2));
    assertArrayEquals(new int[] {0, 0, 1, 0, 2}, remap);
  }

  @Test
  void noEmptyLabelsAndNoUnknownIds() {
    LabelInterner d = new LabelInterner();
    assertEquals("an empty label is no label: use id 0",
        assertThrows(IllegalArgumentException.class, () -> d.idOf("")).getMessage());
    d.idOf("a");
    assertEquals("no label with id 2 (ids are 1 to 1)",
        assertThrows(IllegalArgumentException.class, () -> d.label(2)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> d.label(0));
  }
}
