package org.ipjoin.api;

import org.apache.hadoop.fs.Path;

/**
 * An index that passed every check of the format ({@link IpJoin#verifyIndex}).
 *
 * @param index the index file, as given
 * @param length its length in bytes
 * @param intervals IPv4 intervals (for a list of plain addresses: its keys)
 * @param ipv6Intervals IPv6 intervals, 0 for an IPv4-only index
 * @param ranges whether it holds ranges (CIDR blocks, ranges) of either family rather than only
 *     exact addresses
 * @param labels labels in its dictionary, 0 for a list without labels
 * @param identity {@code length:count:crc}, what every map task checks it loaded
 * @param checksumVerified whether the payload CRC32C was checked too
 * @param layout how its IPv4 keys are stored: {@code sorted} or {@code compact}, the names
 *     {@link IndexBuild#layout} takes
 */
public record IndexInfo(Path index, long length, long intervals, long ipv6Intervals,
    boolean ranges, long labels,
    String identity, boolean checksumVerified, String layout) {}
