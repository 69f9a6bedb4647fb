package dev.vtlab.loadgen.meters;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.vtlab.loadgen.json.Json;
import tools.jackson.core.JacksonException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/**
 * The settings a ceiling needs that no meter serves, as the service's Actuator {@code env} endpoint shows them:
 * Tomcat's request threads ({@code server.tomcat.threads.max}) when Tomcat's thread meters are off (Boot's default)
 * and whether Spring Boot's virtual-thread switch is on. Each setting says where its value came from: the endpoint,
 * or Boot's default because the key is not set, the endpoint masks values (Boot's default since 3.0:
 * {@code management.endpoint.env.show-values}) or is not exposed.
 *
 * @param tomcatThreads          {@code server.tomcat.threads.max}
 * @param virtualThreads         {@code spring.threads.virtual.enabled}
 */
public record ServiceSettings(Setting tomcatThreads, Setting virtualThreads) {

    public static final String TOMCAT_THREADS = "server.tomcat.threads.max";
    public static final String VIRTUAL_THREADS = "spring.threads.virtual.enabled";
    /** What Boot uses when the keys are not set. */
    static final String TOMCAT_THREADS_DEFAULT = "200";
    static final String VIRTUAL_THREADS_DEFAULT = "false";
    private static final String MASKED = "******";

    /**
     * One setting.
     *
     * @param key   its name
     * @param value what it is, or what Boot uses when it could not be read
     * @param from  where the value came from, for a reader
     */
    public record Setting(String key, String value, String from) {
    }

    /** The same service with Tomcat's own defaults, nothing read: the settings of a service without {@code env}. */
    public static ServiceSettings bootDefaults(String why) {
        return new ServiceSettings(new Setting(TOMCAT_THREADS, TOMCAT_THREADS_DEFAULT, "Boot's default: " + why),
                new Setting(VIRTUAL_THREADS, VIRTUAL_THREADS_DEFAULT, "Boot's default: " + why));
    }

    /** Tomcat's request threads as a number, whatever they came from. */
    public int tomcatThreadsMax() {
        return Integer.parseInt(tomcatThreads.value().strip());
    }

    /** Whether Boot's switch puts the requests on virtual threads. */
    public boolean virtual() {
        return Boolean.parseBoolean(virtualThreads.value().strip());
    }

    /**
     * Reads both settings from the {@code env} endpoint beside {@code metrics} (its {@code …/actuator/prometheus} or
     * {@code …/actuator/metrics}); never fails: what cannot be read is Boot's default, said so.
     */
    public static ServiceSettings read(HttpClient client, URI metrics) throws InterruptedException {
        String path = metrics.getPath() == null ? "" : metrics.getPath();
        int slash = path.lastIndexOf('/');
        if (slash < 0) {
            return bootDefaults("no Actuator base path in " + metrics);
        }
        URI env = metrics.resolve(path.substring(0, slash) + "/env");
        return new ServiceSettings(read(client, env, TOMCAT_THREADS, TOMCAT_THREADS_DEFAULT),
                read(client, env, VIRTUAL_THREADS, VIRTUAL_THREADS_DEFAULT));
    }

    private static Setting read(HttpClient client, URI env, String key, String bootDefault)
            throws InterruptedException {
        try {
            HttpResponse<String> one = get(client, URI.create(env + "/" + key));
            if (one.statusCode() == 200) {
                String value = Json.MAPPER.readValue(one.body(), EnvProperty.class).value();
                if (value == null) {
                    return new Setting(key, bootDefault, "Boot's default: " + env + " has no value for it");
                }
                return MASKED.equals(value) ? new Setting(key, bootDefault, "Boot's default assumed: " + env
                        + " masks its value (management.endpoint.env.show-values)")
                        : new Setting(key, value.strip(), env + "/" + key);
            }
            // 404 for a key that is not set, and for an endpoint that is not exposed: the endpoint tells them apart.
            boolean exposed = get(client, env).statusCode() == 200;
            return new Setting(key, bootDefault, exposed ? "Boot's default: not set (" + env + ")"
                    : "Boot's default assumed: " + env + " is not exposed (management.endpoints.web.exposure"
                    + ".include)");
        } catch (IOException | JacksonException e) {
            return new Setting(key, bootDefault, "Boot's default assumed: " + env + " could not be read ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    private static HttpResponse<String> get(HttpClient client, URI uri) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(uri).timeout(MeterSource.TIMEOUT).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** {@code GET /actuator/env/{key}}: where the key is set, and to what. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record EnvProperty(Map<String, Object> property) {

        String value() {
            Object value = property == null ? null : property.get("value");
            return value == null ? null : value.toString();
        }
    }
}
