/**
 * The local file system without child processes, for local runs ({@code conf/local}).
 *
 * <p>Without Hadoop's native library, {@link org.apache.hadoop.fs.RawLocalFileSystem} starts a
 * process for every permission it sets ({@code chmod}) and every owner or permission it reads
 * ({@code ls -ld}, {@code readlink}): a job on the local runner starts about 60 of them to stage,
 * run and commit, some 5 ms each. The classes here answer the same calls through {@code
 * java.nio.file}, and hand anything else (a sticky bit, a symbolic link, a failure) to Hadoop's own
 * code, so that results and errors stay Hadoop's. {@code conf/local/core-site.xml} selects them
 * with {@code fs.file.impl} and {@code fs.AbstractFileSystem.file.impl}.
 */
package org.ipjoin.job.localfs;
