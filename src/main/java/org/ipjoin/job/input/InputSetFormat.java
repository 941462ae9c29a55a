package org.ipjoin.job.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * TextInputFormat over exactly the files the driver (its {@code InputSet}) resolved. FileInputFormat would glob
 * every input path again and list directories one level deep (failing on a subdirectory); here each
 * path is one file, taken literally, so a file whose name holds glob characters ({@code [}, {@code
 * *}, {@code {}) is read as itself and nothing is read twice. A file that disappeared since the
 * driver resolved it fails the submission with its name.
 */
public class InputSetFormat extends FileNamingTextInputFormat {

  @Override
  protected List<FileStatus> listStatus(JobContext job) throws IOException {
    List<FileStatus> files = new ArrayList<>();
    for (Path p : FileInputFormat.getInputPaths(job)) {
      files.add(p.getFileSystem(job.getConfiguration()).getFileStatus(p));
    }
    return files;
  }
}
