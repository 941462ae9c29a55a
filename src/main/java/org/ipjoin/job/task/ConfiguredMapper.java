package org.ipjoin.job.task;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The job's mapper class: {@link IpJoinMapper}, or a subclass of it named in
 * {@code mapreduce.job.map.class} (e.g. one that adds logging or fault injection around the join).
 * Anything else there would silently replace the join, so it is refused before submission.
 */
public final class ConfiguredMapper {

  private ConfiguredMapper() {}

  /** @throws IllegalArgumentException naming the key and the class when it is not usable */
  public static Class<? extends IpJoinMapper> of(Configuration conf) {
    String name = conf.getTrimmed(MRJobConfig.MAP_CLASS_ATTR);
    if (name == null || name.isEmpty() || name.equals(IpJoinMapper.class.getName())) {
      return IpJoinMapper.class;
    }
    Class<?> configured;
    try {
      configured = conf.getClassByName(name);
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(MRJobConfig.MAP_CLASS_ATTR + ": class '" + name
          + "' not found");
    }
    if (!IpJoinMapper.class.isAssignableFrom(configured)) {
      throw new IllegalArgumentException(MRJobConfig.MAP_CLASS_ATTR + ": " + name
          + " does not extend " + IpJoinMapper.class.getName() + " (ipjoin's join runs in the mapper)");
    }
    return configured.asSubclass(IpJoinMapper.class);
  }
}
