package dev.vtlab.loadgen.matrix;

import dev.vtlab.jdks.JdkFinder;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.load.Flag;
import dev.vtlab.loadgen.load.Mode;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The settings' parts are for reading the code: results.json keeps one flat {@code settings} object. */
class MatrixSettingsJsonTest {

    @Test
    void results_record_the_settings_as_one_flat_object() {
        MatrixSettings settings = new MatrixSettings(Profile.QUICK, List.of(Mode.SYNC), Set.of(Flag.T), 1,
                new MatrixSettings.BurstSettings(500, Duration.ofSeconds(15), 100),
                new MatrixSettings.ServerSettings(Duration.ofSeconds(1), Duration.ofSeconds(1), FanOutWay.SEQUENTIAL, "512m", null,
                        List.of(), null, Path.of("server.jar"), Path.of("downstream.jar"),
                        new CoreSplit(List.of(0), List.of(1))),
                new Variant(RepositoryKind.JDBC, JdkFinder.running(), WebServerSetting.JETTY, GuardSetting.NONE, 10, null),
                new MatrixSettings.OutputSettings(Path.of("out"), "vtlab-loadgen matrix"));

        JsonNode json = Json.MAPPER.valueToTree(settings);

        List<String> keys = new ArrayList<>(json.propertyNames());
        assertThat(keys).containsExactlyInAnyOrder("profile", "modes", "flags", "repeat", "requests", "timeout",
                "warmup", "countDelay", "saveDelay", "fanOut", "heap", "commonPoolParallelism", "serverArgs", "databaseUrl",
                "serverJar", "downstreamJar", "cores", "repository", "webServer", "guard", "poolSize", "maxConcurrent", "java",
                "outputDir", "commandLine");
        assertThat(json.path("flags").get(0).asString()).isEqualTo("T");
        assertThat(json.path("java").asString()).isEqualTo(JdkFinder.running().java().toString());
        assertThat(json.path("poolSize").asInt()).isEqualTo(10);
        assertThat(json.path("guard").asString()).isEqualTo("none");
        assertThat(json.path("webServer").asString()).isEqualTo("jetty");
        assertThat(json.path("cores").path("server").get(0).asInt()).isZero();
        assertThat(json.path("cores").path("client").get(0).asInt()).isEqualTo(1);
    }
}
