package org.ipjoin.index.builder;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ShutdownHookManager;
import org.ipjoin.problem.IoCause;

/**
 * An output being written to a hidden temporary file beside its target ({@link
 * IndexPublisher#tempPathFor}) until it is renamed into place. The temporary file never outlives
 * the command: closing deletes it unless it was published, and until then a shutdown hook deletes
 * it when the JVM is stopped (SIGTERM from a scheduler's timeout, Ctrl-C), so a stopped build or
 * sample leaves neither a hidden file of up to gigabytes nor a partial output. The hook runs before
 * Hadoop's own hook closes the file systems it needs; a published target is never touched. Only a
 * JVM killed without running hooks (SIGKILL) leaves the temporary file.
 */
public final class UnpublishedFile implements AutoCloseable {

  /** Runs before FileSystem's own hook (priority 10) closes the file systems. */
  private static final int SHUTDOWN_HOOK_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 10;

  /** What goes into the file; returns what the caller wants to keep of the writing. */
  public interface Content<T> {
    T writeTo(OutputStream out) throws IOException;
  }

  private enum State { WRITING, PUBLISHED, ABANDONED }

  private final FileSystem fs;
  private final Path target;
  private final Path temp;
  private final Runnable shutdownHook = this::abandonOnShutdown;
  private State state = State.WRITING;

  private UnpublishedFile(FileSystem fs, Path target) {
    this.fs = fs;
    this.target = target;
    this.temp = IndexPublisher.tempPathFor(target);
  }

  /** A new temporary file for {@code target} (not created yet), deleted if the JVM stops. */
  public static UnpublishedFile beside(FileSystem fs, Path target) {
    UnpublishedFile file = new UnpublishedFile(fs, target);
    ShutdownHookManager.get().addShutdownHook(file.shutdownHook, SHUTDOWN_HOOK_PRIORITY);
    return file;
  }

  /** The hidden temporary file. */
  public Path temp() {
    return temp;
  }

  /**
   * Creates the temporary file and writes {@code content} to it, closed when this returns. A
   * failure of the file itself, to be created, written, flushed or closed, is an {@link
   * OutputWriteException} naming the target, also when the FileSystem wraps the IOException (the
   * local one throws it as an Error); what {@code content} throws of its own passes unchanged.
   */
  public <T> T write(int bufferBytes, Content<T> content) throws IOException {
    OutputStream out;
    synchronized (this) {
      // Created under the lock: a temporary file created after the hook ran would stay.
      if (state != State.WRITING) {
        throw new IOException(target + " was not written: the JVM is shutting down");
      }
      out = failuresNamed(() -> fs.create(temp, false, bufferBytes));
    }
    try (OutputStream named = new NamedFailures(out)) {
      return content.writeTo(named);
    }
  }

  /** Renames the temporary file to the target ({@link IndexPublisher#publish}). */
  public synchronized void publish(boolean overwrite) throws IOException {
    if (state != State.WRITING) {
      throw new IOException(target + " was not published: the JVM is shutting down");
    }
    IndexPublisher.publish(fs, temp, target, overwrite);
    state = State.PUBLISHED;
  }

  /** Deletes the temporary file unless it was published; removes the shutdown hook. */
  @Override
  public void close() throws IOException {
    if (!ShutdownHookManager.get().isShutdownInProgress()) {
      ShutdownHookManager.get().removeShutdownHook(shutdownHook);
    }
    if (abandon()) {
      fs.delete(temp, false);
    }
  }

  /** The hook, for a test that stops the command at a point it chooses. */
  Runnable shutdownHook() {
    return shutdownHook;
  }

  /** A step on the file whose failure is reported as this output's. */
  private interface FileStep<T> {
    T run() throws IOException;
  }

  private <T> T failuresNamed(FileStep<T> step) throws IOException {
    try {
      return step.run();
    } catch (OutputWriteException e) {
      throw e;
    } catch (IOException e) {
      throw new OutputWriteException(target, e);
    } catch (RuntimeException | Error e) {
      IOException cause = IoCause.of(e);
      if (cause == null) {
        throw e;
      }
      throw new OutputWriteException(target, cause);
    }
  }

  /** The temporary file's stream, whose every failure names the target. */
  private final class NamedFailures extends FilterOutputStream {
    NamedFailures(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      failuresNamed(() -> {
        out.write(b);
        return null;
      });
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      failuresNamed(() -> {
        out.write(b, off, len);
        return null;
      });
    }

    @Override
    public void flush() throws IOException {
      failuresNamed(() -> {
        out.flush();
        return null;
      });
    }

    @Override
    public void close() throws IOException {
      failuresNamed(() -> {
        out.close();
        return null;
      });
    }
  }

  /** Whether this call gave up the file (so the caller deletes it). */
  private synchronized boolean abandon() {
    if (state != State.WRITING) {
      return false;
    }
    state = State.ABANDONED;
    return true;
  }

  private void abandonOnShutdown() {
    if (!abandon()) {
      return;
    }
    try {
      fs.delete(temp, false);
    } catch (IOException | RuntimeException e) {
      System.err.println("ipindex: could not delete the unfinished " + temp + ": " + e.getMessage());
    }
  }
}
