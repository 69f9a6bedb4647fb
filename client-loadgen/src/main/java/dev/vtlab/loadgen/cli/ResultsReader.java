package dev.vtlab.loadgen.cli;

import dev.vtlab.loadgen.load.Json;
import dev.vtlab.loadgen.matrix.RunRecord;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the run records back from a report's results.json (the file is the single source of the outcome). */
final class ResultsReader {

    private ResultsReader() {
    }

    static List<RunRecord> runs(Path reportDir) throws IOException {
        JsonNode root = Json.MAPPER.readTree(reportDir.resolve("results.json").toFile());
        List<RunRecord> runs = new ArrayList<>();
        for (JsonNode run : root.path("runs")) {
            runs.add(Json.MAPPER.treeToValue(run, RunRecord.class));
        }
        return runs;
    }
}
