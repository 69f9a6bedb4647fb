package dev.vtlab.loadgen.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Where a command finds a jar the build made: the one given, or its usual place from here or the parent folder. */
final class Jars {

    /** Where the build puts each jar a command starts, from the repository's root. */
    static final String SERVER = "bootstrap/target/vtlab-server.jar";
    static final String DOWNSTREAM = "experiment/downstream/target/vtlab-downstream-exec.jar";
    static final String REFERENCE = "experiment/reference-webflux/target/vtlab-reference-webflux.jar";

    private Jars() {
    }

    /**
     * {@code given}, which must exist, or {@code relative} looked up from here and from the parent folder (an IDE
     * runs from a module's folder).
     *
     * @throws ParameterException naming the option, when neither is there
     */
    static Path find(CommandLine command, Path given, String option, String relative) {
        if (given != null) {
            if (!Files.isRegularFile(given)) {
                throw new ParameterException(command, option + " " + given + " does not exist");
            }
            return given;
        }
        for (Path candidate : List.of(Path.of(relative), Path.of("..", relative))) {
            if (Files.isRegularFile(candidate)) {
                return candidate.toAbsolutePath().normalize();
            }
        }
        throw new ParameterException(command, "cannot find " + relative + " here or in the parent folder; build it "
                + "with ./mvnw package -DskipTests, or pass " + option);
    }
}
