package dev.vtlab.fundamentals.probes;

import com.sun.net.httpserver.HttpServer;
import dev.vtlab.fundamentals.benchmarks.BenchmarkedThreads;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * A "Hello!" server on loopback, one of two shapes, as in Fibry's 2019 test: a plain {@link ServerSocket} with one
 * thread per connection (keep-alive: it answers every request on the connection until the client closes it), or
 * the JDK's {@link HttpServer} with a pool of platform threads or a virtual thread per exchange. Run in a JVM of its
 * own; it prints {@code vtlab-hello-server PORT} and serves until its standard input closes. Arguments:
 * {@code socket|httpserver KIND}.
 */
public final class HelloServer {

    public static final String READY = "vtlab-hello-server ";
    static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 6\r\n\r\nHello!")
            .getBytes(StandardCharsets.US_ASCII);

    private HelloServer() {
    }

    public static void main(String[] args) throws IOException {
        BenchmarkedThreads kind = BenchmarkedThreads.valueOf(args[1]);
        int port = "httpserver".equals(args[0]) ? startHttpServer(kind) : startSocketServer(kind);
        System.out.println(READY + port);
        System.out.flush();
        while (System.in.read() >= 0) {
            // serve until the runner closes our standard input (or kills us)
        }
        System.exit(0);
    }

    private static int startSocketServer(BenchmarkedThreads kind) throws IOException {
        ServerSocket server = new ServerSocket(0, 1024, InetAddress.getLoopbackAddress());
        Thread.Builder perConnection = kind.builder();
        Thread.ofPlatform().daemon().name("acceptor").start(() -> {
            while (true) {
                try {
                    Socket connection = server.accept();
                    perConnection.start(() -> serve(connection));
                } catch (IOException e) {
                    return;
                }
            }
        });
        return server.getLocalPort();
    }

    /** Answers every request on the connection (each ends with an empty line; none has a body). */
    static void serve(Socket connection) {
        try (connection; InputStream in = connection.getInputStream(); OutputStream out = connection.getOutputStream()) {
            connection.setTcpNoDelay(true);
            int matched = 0;
            int b;
            while ((b = in.read()) >= 0) {
                matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
                if (matched == 4) {
                    out.write(RESPONSE);
                    out.flush();
                    matched = 0;
                }
            }
        } catch (IOException closed) {
            // the client went away
        }
    }

    private static int startHttpServer(BenchmarkedThreads kind) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(kind == BenchmarkedThreads.VIRTUAL ? Executors.newVirtualThreadPerTaskExecutor()
                : Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            byte[] body = "Hello!".getBytes(StandardCharsets.US_ASCII);
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return server.getAddress().getPort();
    }
}
