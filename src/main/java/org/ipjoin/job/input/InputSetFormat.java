package org.ipjoin.job.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.ipjoin.job.HeaderNamedFormat;
import org.ipjoin.job.IpJoinKeys;


/**
 * TextInputFormat over exactly the files the driver (its {@code InputSet}) resolved. FileInputFormat would glob
 * every input path again and list directories one level deep (failing on a subdirectory); here each
 * path is one file, taken literally, so a file whose name holds glob characters ({@code [}, {@code
 * *}, {@code {}) is read as itself and nothing is read twice. A file that disappeared since the
 * driver resolved it fails the submission with its name.
 *
 * <p>A file read with a format that names its client column in the file's header ({@code csv:NAME},
 * {@code w3c:NAME}, {@code zeek:NAME}, …) is not split: its one task reads the header before the
 * records (the header is per file, and a split in the middle would not know it).
 */
public class InputSetFormat extends FileNamingTextInputFormat {

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return !HeaderNamedFormat.inJob(context.getConfiguration())
        && super.isSplitable(context, file);
  }

  @Override
  protected List<FileStatus> listStatus(JobContext job) throws IOException {
    List<FileStatus> files = new ArrayList<>();
    for (Path p : FileInputFormat.getInputPaths(job)) {
      files.add(p.getFileSystem(job.getConfiguration()).getFileStatus(p));
    }
    return files;
  }
}
