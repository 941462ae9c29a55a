package org.ipjoin.index.builder;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.ipjoin.index.format.ListContent;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.problem.IoCause;

/**
 * Reads lists of plain addresses on every core: one thread reads each file in order, cuts it into
 * pieces at line boundaries, and hands the pieces to {@code threads} parsers, each an address-mode
 * {@link IpListScanner} of its own that hands its keys to the shared {@link AddressSink}. The
 * pieces' counts are added up in file order, so everything the summary and the messages say is
 * what the one-thread scan says: the lines of each file, the line kinds, the first skipped lines
 * with their numbers, and in strict mode the first malformed line of the file (a piece numbers its
 * lines from 1; the lines of the pieces before it, all complete by then, give the offset). A piece
 * that meets a line that is more than a plain address stops the scan with {@link
 * NotPlainAddressesException}, as the one-thread scan does, unless a malformed line comes first.
 *
 * <p>At most {@code threads + 1} pieces are in flight, so memory is bounded by the piece size
 * whatever the list's length.
 */
final class ParallelAddressScan implements AutoCloseable {

  /** 8 MiB pieces: about 600,000 lines of random addresses, a few hundred pieces per GB. */
  static final int DEFAULT_PIECE_BYTES = 8 << 20;
  /** The shortest line that holds an address, {@code 0.0.0.0\n}: at most one key per 8 bytes. */
  private static final int MIN_ADDRESS_LINE = 8;
  private static final int MIN_FIRST_READ = 64;

  private final IpListScanner total;
  private final AddressSink sink;
  private final boolean skipInvalid;
  private final LabelColumn labels;
  private final int threads;
  private final int pieceBytes;
  private final ExecutorService pool;
  private final ArrayDeque<Future<Piece>> inFlight = new ArrayDeque<>();
  private final ArrayDeque<byte[]> freeBuffers = new ArrayDeque<>();
  /**
   * The number of the first piece that stopped the scan (or -1 once closed): the pieces after it
   * skip their work. The pieces before it must still be counted, for the stop's line number.
   */
  private final AtomicLong stoppedAt = new AtomicLong(Long.MAX_VALUE);
  /** Pieces submitted so far, over all files. */
  private long pieces;
  private final ThreadLocal<int[][]> scratch = new ThreadLocal<>();

  /** What a parser made of one piece: its counts, and why it stopped early, if it did. */
  private record Piece(byte[] buffer, IpListScanner counts, IOException stop, String error) {}

  /**
   * @param total counts every file and line (an address-mode scanner; its own keys stay empty)
   * @param pieceBytes the size of a piece (lines longer than that make their piece longer)
   */
  ParallelAddressScan(IpListScanner total, AddressSink sink, boolean skipInvalid,
      LabelColumn labels, int threads, int pieceBytes) {
    this.total = total;
    this.sink = sink;
    this.skipInvalid = skipInvalid;
    this.labels = labels;
    this.threads = threads;
    this.pieceBytes = pieceBytes;
    this.pool = Executors.newFixedThreadPool(threads, task -> {
      Thread t = new Thread(task, "ipindex-parse");
      t.setDaemon(true);
      return t;
    });
  }

  /** Scans one more list file, whole; its lines are numbered from 1. Does not close {@code in}. */
  void scan(InputStream in, String fileName) throws IOException {
    total.beginFile(fileName);
    // The first read sees at least the longest signature whyNotText knows and a BOM, however small
    // the pieces.
    byte[] buf = buffer(Math.max(pieceBytes, MIN_FIRST_READ));
    int filled = 0;
    boolean first = true;
    while (true) {
      int n = in.readNBytes(buf, filled, buf.length - filled);
      total.bytesRead(n);
      int end = filled + n;
      boolean eof = n == 0 || end < buf.length;
      int start = 0;
      if (first) {
        start = ListContent.textStart(fileName, buf, end);
        first = false;
      }
      int cut = eof ? end : lastNewline(buf, start, end) + 1;
      if (!eof && cut <= start) {
        // No whole line yet: a line longer than the buffer. Keep reading into a larger one.
        byte[] larger = new byte[buf.length * 2];
        System.arraycopy(buf, start, larger, 0, end - start);
        buf = larger;
        filled = end - start;
        continue;
      }
      // The next buffer holds the incomplete last line and room to read more after it.
      int carried = end - cut;
      byte[] next = eof ? null : buffer(carried < pieceBytes / 2 ? pieceBytes : 2 * carried + 1);
      if (next != null) {
        System.arraycopy(buf, cut, next, 0, carried);
        filled = carried;
      }
      if (cut > start) {
        submit(fileName, buf, start, cut);
      }
      if (eof) {
        break;
      }
      buf = next;
    }
    while (!inFlight.isEmpty()) {
      take();
    }
    total.endFile();
  }

  private byte[] buffer(int size) {
    byte[] b = freeBuffers.poll();
    return b != null && b.length >= size ? b : new byte[size];
  }

  private static int lastNewline(byte[] buf, int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (buf[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private void submit(String fileName, byte[] buf, int from, int to) throws IOException {
    if (inFlight.size() > threads) {
      take();
    }
    long number = pieces++;
    inFlight.add(pool.submit(() -> parse(number, fileName, buf, from, to)));
  }

  private Piece parse(long number, String fileName, byte[] buf, int from, int to) {
    if (number > stoppedAt.get()) {
      return new Piece(buf, null, null, null);
    }
    int maxKeys = (to - from) / MIN_ADDRESS_LINE + 1;
    int[][] arrays = scratch.get();
    if (arrays == null || arrays[0].length < maxKeys) {
      arrays = new int[][] {new int[maxKeys], new int[maxKeys]};
      scratch.set(arrays);
    }
    IpListScanner piece = IpListScanner.piece(fileName, skipInvalid, labels, arrays[0]);
    try {
      piece.scanPiece(buf, from, to);
    } catch (MalformedIpListException | NotPlainAddressesException e) {
      stoppedAt.accumulateAndGet(number, Math::min);
      return new Piece(buf, piece, e, piece.error());
    } catch (IOException e) {
      throw new IllegalStateException(e); // scanning bytes in memory does no I/O
    }
    int[] keys = piece.keys();
    if (keys.length > arrays[1].length) {
      arrays[1] = new int[keys.length];
    }
    sink.addAll(keys, piece.keyCount(), arrays[1]);
    return new Piece(buf, piece, null, null);
  }

  /** Waits for the oldest piece and adds its counts; throws what stopped it, renumbered. */
  private void take() throws IOException {
    Piece piece;
    try {
      piece = inFlight.poll().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading the list");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      IOException io = IoCause.of(cause);
      if (io != null) {
        // A parser's I/O failure, however wrapped, reads as if this thread had met it.
        throw io;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
    }
    if (piece.buffer().length == pieceBytes) {
      freeBuffers.add(piece.buffer());
    }
    if (piece.stop() instanceof MalformedIpListException malformed) {
      throw MalformedIpListException.of(total.name(), total.fileLines() + malformed.line(),
          piece.error());
    }
    if (piece.stop() instanceof NotPlainAddressesException notPlain) {
      throw new NotPlainAddressesException(total.name(),
          total.fileLines() + notPlain.line());
    }
    total.absorb(piece.counts());
  }

  /** Stops the parsers; pieces still queued are dropped. */
  @Override
  public void close() {
    stoppedAt.set(-1);
    pool.shutdownNow();
  }
}
