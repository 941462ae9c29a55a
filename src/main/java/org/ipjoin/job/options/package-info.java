/**
 * A join's options, typed once ({@link org.ipjoin.job.options.JoinOptions}): read and checked
 * from the {@code ipjoin.*} keys by the driver ({@link org.ipjoin.job.options.OptionChecks}, every
 * problem one line, all reported together), written to the job's Configuration once in canonical
 * form and read back once by each task. Used by {@code job.driver} and {@code job.task}; uses
 * {@code job.input} and {@code job.locate} to check the values they own.
 */
package org.ipjoin.job.options;
