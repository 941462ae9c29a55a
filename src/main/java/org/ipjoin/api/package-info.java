/**
 * ipjoin as a library: build an index, check it, and configure or run the join from Java, on any
 * Hadoop FileSystem and cluster. The command-line tools ({@code ipindex build}, {@code ipindex
 * verify}, {@code hadoop jar ipjoin.jar}) only turn their options into these calls, so every option
 * means the same, is checked the same, and fails with the same one-line message and exit code
 * ({@link org.ipjoin.problem.IpJoinException#exitCode()}).
 *
 * <p>One package of its own, rather than public classes scattered over the implementation's
 * packages: what a user may depend on is exactly what is public here, and the rest of ipjoin can
 * change between versions. Options take the values their command-line options take (strings such as
 * {@code "count"} or {@code "tsv:3"}), so the option reference of docs/job.md and docs/lists.md is also this API's.
 *
 * <p>A complete example: build an index from a list in HDFS, check it, join a day of logs against
 * it and read the counters.
 *
 * <pre>{@code
 * Configuration conf = new Configuration();          // the cluster's *-site.xml on the classpath
 * BuiltIndex built = IpJoin.buildIndex(conf)
 *     .input("hdfs:///lists/blocked.tsv")               // one or more text lists
 *     .output("hdfs:///lists/blocked.ipidx")
 *     .skipInvalid(true).overwrite(true).maxShrink("0.2")
 *     .run();                                           // throws IpJoinException
 * IndexInfo info = IpJoin.verifyIndex(conf, "hdfs:///lists/blocked.ipidx", true);
 *
 * PreparedJoin join = IpJoin.join(conf)
 *     .index("hdfs:///lists/blocked.ipidx")
 *     .input("hdfs:///logs/2024/05/01")
 *     .output("hdfs:///out/blocked/2024-05-01")
 *     .mode("match").format("combined")
 *     .prepare();                                       // every check the driver runs
 * JoinResult result = join.run();                       // or: join.job().submit()
 * if (!result.succeeded()) {
 *   throw new IllegalStateException("ipjoin exited " + result.exitCode());
 * }
 * long matched = result.counter("MATCHED");
 * }</pre>
 *
 * <p>The public types: {@link org.ipjoin.api.IpJoin} (where it starts), the builders {@link
 * org.ipjoin.api.IndexBuild} and {@link org.ipjoin.api.JoinJob}, {@link org.ipjoin.api.PreparedJoin},
 * the results {@link org.ipjoin.api.BuiltIndex}, {@link org.ipjoin.api.IndexInfo} and {@link
 * org.ipjoin.api.JoinResult}, and {@link org.ipjoin.problem.IpJoinException}.
 */
package org.ipjoin.api;

