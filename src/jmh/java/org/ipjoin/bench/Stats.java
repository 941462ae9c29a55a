package org.ipjoin.bench;

import java.util.ArrayList;
import java.util.List;

/** Median, least and greatest of a few repeated measurements (at least one). */
public record Stats(double median, double min, double max) {

  public static Stats of(List<Double> values) {
    List<Double> v = new ArrayList<>(values);
    v.sort(null);
    int n = v.size();
    double median = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    return new Stats(median, v.get(0), v.get(n - 1));
  }
}
