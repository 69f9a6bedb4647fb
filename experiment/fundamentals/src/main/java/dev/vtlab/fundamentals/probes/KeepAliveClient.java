package dev.vtlab.fundamentals.probes;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The thread-per-connection probe's client, the same for every server: {@code connections} keep-alive
 * connections, each on its own virtual thread, sending {@code requests / connections} GETs one after the other
 * and reading each answer to its {@code Content-Length} (as {@code ab -k} does). Latencies go to HdrHistogram.
 */
public final class KeepAliveClient {

    private static final byte[] REQUEST = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /**
     * @param requestsPerSecond all requests over the wall time of the round
     * @param p99Micros         the 99th percentile of one request's latency
     */
    public record Round(double requestsPerSecond, double p99Micros) {
    }

    private KeepAliveClient() {
    }

    /** One round against {@code port}; fails if any request does. */
    public static Round run(int port, int connections, int requests) throws InterruptedException {
        int each = requests / connections;
        Histogram latencies = new Histogram(60_000_000L, 3);
        List<Thread> threads = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        long start = System.nanoTime();
        for (int c = 0; c < connections; c++) {
            threads.add(Thread.ofVirtual().start(() -> {
                Histogram mine = new Histogram(60_000_000L, 3);
                try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    socket.setTcpNoDelay(true);
                    socket.setSoTimeout(30_000);
                    InputStream in = socket.getInputStream();
                    OutputStream out = socket.getOutputStream();
                    for (int i = 0; i < each; i++) {
                        long sent = System.nanoTime();
                        out.write(REQUEST);
                        out.flush();
                        readResponse(in);
                        mine.recordValue(Math.max(1, (System.nanoTime() - sent) / 1000));
                    }
                } catch (IOException | RuntimeException e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
                synchronized (latencies) {
                    latencies.add(mine);
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (failure[0] != null) {
            throw new IllegalStateException("a request failed: " + failure[0], failure[0]);
        }
        return new Round((double) each * connections / seconds, latencies.getValueAtPercentile(99));
    }

    /** Reads the status line and headers, then {@code Content-Length} bytes of body. */
    static void readResponse(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int length = -1;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the server closed the connection");
            }
            if (b != '\n') {
                line.append((char) b);
                continue;
            }
            String header = line.toString().strip();
            line.setLength(0);
            if (header.isEmpty()) {
                break;
            }
            if (header.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                length = Integer.parseInt(header.substring(15).strip());
            }
        }
        if (length < 0) {
            throw new IOException("an answer without Content-Length");
        }
        in.readNBytes(length);
    }
}
