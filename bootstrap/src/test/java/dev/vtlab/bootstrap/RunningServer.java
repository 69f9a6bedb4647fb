package dev.vtlab.bootstrap;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: the real server on a free loopback port, short repository delays, all flags explicit. Shared with
 * the lab's server tests (bootstrap's test-jar), which read what the lab recorded through {@link #bean(Class)}.
 */
public final class RunningServer implements AutoCloseable {

    private final ConfigurableApplicationContext context;
    private final URI base;
    /** One client per server: a pooled connection must never outlive its server and meet a new one on its port. */
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private RunningServer(ConfigurableApplicationContext context) {
        this.context = context;
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    /** Starts with the four flags given as T, A, W, R and the extra {@code --key=value} arguments. */
    public static RunningServer start(boolean t, boolean a, boolean w, boolean r, String... extraArgs) {
        List<String> args = new ArrayList<>(List.of(
                "--vtlab.virtual-threads.tomcat=" + t,
                "--vtlab.virtual-threads.async-executor=" + a,
                "--vtlab.virtual-threads.wrapper=" + w,
                "--vtlab.virtual-threads.repository=" + r));
        args.addAll(List.of(extraArgs));
        return startWith(args.toArray(String[]::new));
    }

    /** Starts with exactly these arguments, plus a free port and 5 ms delays unless the arguments say otherwise. */
    public static RunningServer startWith(String... args) {
        return startWith(List.of(), args);
    }

    /**
     * {@link #startWith(String...)} with {@code extraSources}, configuration classes of the test's own, e.g. a
     * recorder offered to the composition root's hook in place of the lab's.
     */
    public static RunningServer startWith(List<Class<?>> extraSources, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        for (String fallback : List.of("--server.port=0", "--management.server.port=0",
                "--vtlab.repository.count-delay=5ms",
                "--vtlab.repository.save-delay=5ms", "--spring.main.banner-mode=off")) {
            String key = fallback.substring(0, fallback.indexOf('=') + 1);
            if (all.stream().noneMatch(arg -> arg.startsWith(key))) {
                all.add(fallback); // a key given twice would be read as "5ms,1s"
            }
        }
        List<Class<?>> sources = new ArrayList<>(List.of(VtlabServer.class));
        sources.addAll(extraSources);
        return new RunningServer(new SpringApplicationBuilder(sources.toArray(Class<?>[]::new))
                .run(all.toArray(String[]::new)));
    }

    public HttpResponse<String> get(String pathAndQuery) {
        return getFrom(base, pathAndQuery);
    }

    /** A GET to another port of this server, e.g. {@link #management()}. */
    public HttpResponse<String> getFrom(URI port, String pathAndQuery) {
        return send(HttpRequest.newBuilder(port.resolve(pathAndQuery)).GET());
    }

    public HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The status line and body of a GET sent as raw bytes: for request targets {@link URI} refuses to build, such
     * as a malformed percent-encoding.
     */
    public String rawGet(String pathAndQuery) {
        return rawGet(base, pathAndQuery);
    }

    /** {@link #rawGet(String)} to another port of this server, e.g. the lab port. */
    public String rawGet(URI base, String pathAndQuery) {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + base.getAuthority()
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public URI base() {
        return base;
    }

    /** The management server: Actuator's meters. */
    public URI management() {
        return URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.management.port"));
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    public ConfigurableApplicationContext context() {
        return context;
    }

    @Override
    public void close() {
        context.close();
        http.close();
    }
}
