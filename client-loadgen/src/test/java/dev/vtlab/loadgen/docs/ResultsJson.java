package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.stored.StoredFiles;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** Test helper: a matrix's results.json, read as the docs checks read it: runs by mode and flags, whole ms. */
final class ResultsJson {

    private ResultsJson() {
    }

    static JsonNode read(Path file) throws IOException {
        return Json.readTree(file);
    }

    /** Every results.json under {@code root}, by the name it was written under, whether kept plain or compressed. */
    static List<Path> allUnder(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(StoredFiles::written).filter(f -> f.getFileName().toString().equals("results.json"))
                    .sorted().toList();
        }
    }

    /** The first repeat of each run of {@code mode}, in the results' order. */
    static List<JsonNode> firstRepeats(JsonNode results, String mode) {
        List<JsonNode> runs = new ArrayList<>();
        for (JsonNode run : results.path("runs")) {
            if (run.path("repeat").asInt() == 1 && run.path("mode").asString().equals(mode)) {
                runs.add(run);
            }
        }
        return runs;
    }

    /** The first repeat of one (mode, flags) run. */
    static JsonNode run(JsonNode results, String mode, String flags) {
        return firstRepeats(results, mode).stream().filter(run -> run.path("flags").asString().equals(flags))
                .findFirst().orElseThrow(() -> new AssertionError("no run " + mode + " " + flags + " in the results"));
    }


    /** The findings' verdict on one flag for one mode (its ratio, its verdict). */
    static JsonNode effect(JsonNode results, String mode, String flag) {
        for (JsonNode effect : results.path("findings").path("flagEffects")) {
            if (effect.path("mode").asString().equals(mode) && effect.path("flag").asString().equals(flag)) {
                return effect;
            }
        }
        throw new AssertionError("no finding for " + mode + " " + flag);
    }
}
