package dev.vtlab.loadgen.matrix;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vtlab.jdks.JdkFinder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One setting of the axes the matrix compares side by side, each measured with the whole flag matrix: the
 * persistence adapter, the server's JDK, its web server, the sleepy repository's guard, and the JDBC adapter's pool
 * and bulkhead.
 *
 * @param repository    the persistence adapter
 * @param jdk           the JDK the servers run on
 * @param webServer     Tomcat or Jetty, with or without Spring Boot's switch
 * @param guard         {@code none}, {@code synchronized} or {@code reentrant-lock}
 * @param poolSize      the JDBC adapter's pool size ({@code null} for the other adapters)
 * @param maxConcurrent the JDBC adapter's bulkhead, {@code null} for none
 */
public record Variant(RepositoryKind repository, @JsonIgnore JdkFinder.Jdk jdk, WebServerSetting webServer,
                      GuardSetting guard, Integer poolSize, Integer maxConcurrent) {

    /** The java launcher of its servers, as results record it. */
    @JsonProperty("java")
    public String java() {
        return jdk.java().toString();
    }

    /** Every axis in one line, e.g. {@code jdbc/JDK 25.0.3/tomcat/guard none/pool 10/bulkhead off}. */
    public String describe() {
        return repository.label() + "/JDK " + jdk.version() + "/" + webServer.describe() + "/guard " + guard.label()
                + (repository == RepositoryKind.JDBC
                ? "/pool " + poolSize + "/bulkhead " + (maxConcurrent == null ? "off" : maxConcurrent) : "");
    }

    /**
     * A name for the variant made of the axes that vary among {@code all}, e.g. {@code jdk21-synchronized}; empty
     * when only one variant is measured.
     */
    public String label(List<Variant> all) {
        List<String> parts = new ArrayList<>();
        if (all.stream().map(Variant::repository).distinct().count() > 1) {
            parts.add(repository.label());
        }
        if (all.stream().map(Variant::jdk).distinct().count() > 1) {
            parts.add("jdk" + jdk.feature());
        }
        if (all.stream().map(Variant::webServer).distinct().count() > 1) {
            parts.add(webServer.label());
        }
        if (all.stream().map(Variant::guard).distinct().count() > 1) {
            parts.add(guard.label());
        }
        if (all.stream().map(Variant::poolSize).distinct().count() > 1 && poolSize != null) {
            parts.add("pool" + poolSize);
        }
        if (all.stream().map(Variant::maxConcurrent).distinct().count() > 1 && repository == RepositoryKind.JDBC) {
            parts.add(maxConcurrent == null ? "no-bulkhead" : "bulkhead" + maxConcurrent);
        }
        return String.join("-", parts);
    }

    /**
     * Every combination of the given axes, repository slowest, bulkhead fastest; the pool and bulkhead axes apply
     * to the JDBC adapter only ({@code null} in {@code maxConcurrents} is no bulkhead).
     */
    public static List<Variant> all(List<RepositoryKind> repositories, List<JdkFinder.Jdk> jdks,
                                    List<WebServerSetting> webServers, List<GuardSetting> guards,
                                    List<Integer> poolSizes, List<Integer> maxConcurrents) {
        List<Variant> variants = new ArrayList<>();
        for (RepositoryKind repository : repositories) {
            boolean jdbc = repository == RepositoryKind.JDBC;
            for (JdkFinder.Jdk jdk : jdks) {
                for (WebServerSetting webServer : webServers) {
                    for (GuardSetting guard : guards) {
                        for (Integer poolSize : jdbc ? poolSizes : Collections.<Integer>singletonList(null)) {
                            for (Integer limit : jdbc ? maxConcurrents : Collections.<Integer>singletonList(null)) {
                                variants.add(new Variant(repository, jdk, webServer, guard, poolSize, limit));
                            }
                        }
                    }
                }
            }
        }
        return variants;
    }
}
