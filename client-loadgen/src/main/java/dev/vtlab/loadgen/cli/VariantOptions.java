package dev.vtlab.loadgen.cli;

import dev.vtlab.jdks.JdkFinder;
import dev.vtlab.loadgen.matrix.FanOutWay;
import dev.vtlab.loadgen.matrix.GuardSetting;
import dev.vtlab.loadgen.matrix.RepositoryKind;
import dev.vtlab.loadgen.matrix.Variant;
import dev.vtlab.loadgen.matrix.WebServerSetting;
import dev.vtlab.redaction.Secrets;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;

/**
 * The options that choose what the servers run with, shared by {@code matrix} and {@code capacity}: the persistence
 * adapter, its pool and bulkhead, the database, the server's JDK, the guard and the jars. Each value is checked
 * when it is read, and a wrong one is refused naming its option.
 */
final class VariantOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--repository", split = ",", description = "Persistence adapters to measure, each with the "
            + "whole plan: sleepy (in the server), http (a visit store process per server) and/or jdbc (a "
            + "database process per server: H2 over TCP, or --database-url), each started and stopped by the "
            + "runner. Default: sleepy.")
    List<String> repositories;

    @Option(names = "--pool-size", split = ",", description = "JDBC connection pool sizes, each with the whole "
            + "plan (vtlab.repository.pool-size; jdbc only). Default: 10, HikariCP's.")
    List<Integer> poolSizes;

    @Option(names = "--max-concurrent", split = ",", description = "JDBC bulkheads, each with the whole plan: "
            + "off, or the calls allowed at once (vtlab.repository.max-concurrent; jdbc only). Default: off.")
    List<String> maxConcurrents;

    @Option(names = "--database-url", description = "The database of the jdbc runs instead of an H2 per server: a "
            + "jdbc:postgresql:// URL (docs/pools.md; its password best in VTLAB_REPOSITORY_PASSWORD), prepared per "
            + "server. Default: H2.")
    String databaseUrl;

    @Option(names = "--server-java", split = ",", description = "JDKs to run the servers on, each with the whole "
            + "plan: a JDK home, a java executable, or a feature version (21, 25) looked up in "
            + "~/.m2/toolchains.xml, /usr/lib/jvm, SDKMAN, ~/.jdks and JAVA_HOME. The client stays on this JVM. "
            + "Default: the JDK this runs on.")
    List<String> serverJava;

    @Option(names = "--web-server", split = ",", description = "Web servers to run the servers on, each with the "
            + "whole plan: tomcat, jetty (Spring MVC), netty (Spring WebFlux; callable left out: no WebFlux form), and "
            + "tomcat-boot, jetty-boot, netty-boot for each with Spring Boot's own switch "
            + "(spring.threads.virtual.enabled=true) as Boot configures it (vtlab.web-server). Default: tomcat.")
    List<String> webServers;

    @Option(names = "--guard", split = ",", description = "Locks the sleepy repository waits under, each with the "
            + "whole plan: none, synchronized, reentrant-lock (vtlab.repository.guard). Default: none.")
    List<String> guards;

    @Option(names = "--fan-out", description = "How /fanout runs its three reads (vtlab.fan-out): sequential (on "
            + "the request's thread: T decides), futures (on W's executor: W decides the branches, T the request "
            + "that waits) or structured (a StructuredTaskScope; the server gets --enable-preview). Measure it with "
            + "--modes fanout. Default: sequential.")
    String fanOut;

    @Option(names = "--server-jar", description = "The server jar (default: " + Jars.SERVER + ", "
            + "looked up from here and from the parent folder).")
    Path serverJar;

    @Option(names = "--downstream-jar", description = "The downstream processes' jar (default: "
            + Jars.DOWNSTREAM + ", looked up from here and from the parent folder).")
    Path downstreamJar;

    /** Every variant the options ask for, each axis checked. */
    List<Variant> variants() {
        return Variant.all(repositories(), serverJdks(), webServers(), guards(), poolSizes(), maxConcurrents());
    }

    /** The fan-out's way, checked now. */
    FanOutWay fanOut() {
        String label = fanOut == null ? FanOutWay.SEQUENTIAL.label() : fanOut;
        return FanOutWay.parse(label).orElseThrow(() -> usage("unknown fan-out '" + label + "'; expected "
                + String.join(", ", FanOutWay.labels())));
    }

    /** The server jar, found now. */
    Path serverJar() {
        return Jars.find(spec.commandLine(), serverJar, "--server-jar", Jars.SERVER);
    }

    /** The downstream jar, found now. */
    Path downstreamJar() {
        return Jars.find(spec.commandLine(), downstreamJar, "--downstream-jar", Jars.DOWNSTREAM);
    }

    /** The server JDKs: each --server-java value found and checked now, before any server starts. */
    private List<JdkFinder.Jdk> serverJdks() {
        if (serverJava == null) {
            return List.of(JdkFinder.running());
        }
        JdkFinder finder = JdkFinder.ofThisMachine();
        return serverJava.stream().map(value -> serverJdk(finder, value)).distinct().toList();
    }

    private JdkFinder.Jdk serverJdk(JdkFinder finder, String value) {
        try {
            return finder.find(value);
        } catch (JdkFinder.NotFoundException e) {
            throw usage("--server-java " + e.getMessage());
        }
    }

    private List<WebServerSetting> webServers() {
        return (webServers == null ? List.of(WebServerSetting.TOMCAT.label()) : webServers).stream()
                .map(label -> WebServerSetting.parse(label).orElseThrow(() -> usage("unknown web server '" + label
                        + "'; expected " + String.join(", ", WebServerSetting.labels()))))
                .distinct().toList();
    }

    private List<GuardSetting> guards() {
        List<GuardSetting> chosen = (guards == null ? List.of(GuardSetting.NONE.label()) : guards).stream()
                .map(label -> GuardSetting.parse(label).orElseThrow(() -> usage("unknown guard '" + label
                        + "'; expected " + String.join(", ", GuardSetting.labels()))))
                .distinct().toList();
        if (!chosen.equals(List.of(GuardSetting.NONE)) && !repositories().equals(List.of(RepositoryKind.SLEEPY))) {
            throw usage("--guard applies to the sleepy repository only; measure http and jdbc without it");
        }
        return chosen;
    }

    private List<Integer> poolSizes() {
        requireJdbc(poolSizes != null, "--pool-size");
        List<Integer> sizes = poolSizes == null ? List.of(10) : poolSizes.stream().distinct().toList();
        for (int size : sizes) {
            if (size < 1 || size > 10_000) {
                throw usage("--pool-size must be between 1 and 10000, was " + size);
            }
        }
        return sizes;
    }

    /** Bulkhead limits, {@code null} standing for off. */
    private List<Integer> maxConcurrents() {
        requireJdbc(maxConcurrents != null, "--max-concurrent");
        return (maxConcurrents == null ? List.of("off") : maxConcurrents).stream().map(this::maxConcurrent)
                .distinct().toList();
    }

    private Integer maxConcurrent(String value) {
        Integer limit;
        try {
            limit = value.strip().equalsIgnoreCase("off") ? null : Integer.valueOf(value.strip());
        } catch (NumberFormatException e) {
            throw usage("--max-concurrent takes off or a whole number, was '" + value + "'");
        }
        if (limit != null && limit < 1) {
            throw usage("--max-concurrent must be at least 1 (or off), was " + limit);
        }
        return limit;
    }

    private void requireJdbc(boolean given, String option) {
        if (given && !repositories().contains(RepositoryKind.JDBC)) {
            throw usage(option + " applies to the jdbc repository only; add --repository jdbc");
        }
    }

    private List<RepositoryKind> repositories() {
        return (repositories == null ? List.of("sleepy") : repositories).stream()
                .map(label -> RepositoryKind.parse(label).orElseThrow(() -> usage("unknown repository '" + label
                        + "'; expected sleepy, http or jdbc")))
                .distinct().toList();
    }

    /** The database URL: a PostgreSQL one, or {@code null} for an H2 per server. */
    String databaseUrl() {
        requireJdbc(databaseUrl != null, "--database-url");
        if (databaseUrl != null && !databaseUrl.startsWith("jdbc:postgresql://")) {
            throw usage("--database-url must be a jdbc:postgresql:// URL (without it, each server gets an H2), was '"
                    + Secrets.redact(databaseUrl) + "'");
        }
        return databaseUrl;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
