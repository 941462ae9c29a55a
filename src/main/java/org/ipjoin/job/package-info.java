/**
 * What the job's driver and tasks agree on: the configuration keys ({@link
 * org.ipjoin.job.IpJoinKeys}, each with its default and description), modes, counters, tag
 * values, the indexes of a join ({@link org.ipjoin.job.JoinIndexes}), the {@code --where}
 * expression ({@link org.ipjoin.job.WhereExpression}: parsed and checked in the driver, bound in
 * each task) and the cached index link.
 *
 * <p>The keys' text is read in one place: {@link org.ipjoin.job.options.JoinOptions} types a
 * join's options once in the driver ({@code resolve}), the job factory writes them into the job's
 * Configuration once ({@code writeTo}), and each task reads them back once in its setup ({@code
 * readFrom}). Below it: {@code job.driver} (before, during and after submission) and {@code
 * job.task} (what runs in a task JVM) use the options; {@code job.input} and {@code job.locate}
 * are what the options check a value with.
 */
package org.ipjoin.job;
