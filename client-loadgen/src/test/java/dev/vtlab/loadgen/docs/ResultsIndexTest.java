package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/results/README.md is the index of the evidence: its table lists every evidence README under docs/results
 * (a README.md with the five sections ClaimsListTest asks for), and for each the sections of docs/claims.md whose
 * claims link it, by their anchors ({@code ../claims.md#capacity-and-rates}); an evidence README no claim links says
 * "none". A README added beside the data and left out of the index, or a claim linking an evidence the index does
 * not say it backs, fails, naming the README. The check also runs against a fixture that breaks it.
 */
class ResultsIndexTest {

    private static final Pattern ROW = Pattern.compile("^\\| \\[[^]]*]\\(([^)\\s]+/README\\.md)\\) \\|.*\\| (.+) \\|$");
    private static final Pattern SECTION_LINK = Pattern.compile("\\]\\(\\.\\./claims\\.md#([^)]+)\\)");
    private static final Pattern EVIDENCE_LINK = Pattern.compile("\\]\\((results/[^)#\\s]+/README\\.md)");

    @Test
    void the_index_lists_every_evidence_readme_and_the_claims_it_backs() throws IOException {
        Path docs = Claims.page().getParent();
        assertThat(problems(docs)).isEmpty();
    }

    @Test
    void a_readme_left_out_of_the_index_or_a_section_it_does_not_name_fails(@TempDir Path docs) throws IOException {
        Files.writeString(docs.resolve("claims.md"), String.join("\n", "# Claims", "", "## Capacity and rates", "",
                "| `cap-a` | 1 s | **Holds** | [r](results/listed/README.md) |", "", "## Web servers", "",
                "| `ws-a` | 2 s | **Holds** | [r](results/listed/README.md) |",
                "| `ws-b` | 3 s | **Holds** | [r](results/deep/inner/README.md) |", ""));
        String five = String.join("\n\n", "# A run", "## Claim", "[claims](../../claims.md)", "## Command",
                "## Environment", "## Runs", "## Log");
        for (String folder : List.of("listed", "left-out", "deep/inner")) {
            Files.createDirectories(docs.resolve("results").resolve(folder));
            Files.writeString(docs.resolve("results").resolve(folder).resolve("README.md"), five);
        }
        Files.createDirectories(docs.resolve("results/not-evidence"));
        Files.writeString(docs.resolve("results/not-evidence/README.md"), "# Notes\n\nNo sections.\n");
        Files.writeString(docs.resolve("results/README.md"), String.join("\n", "# Reference results", "",
                "| evidence | what was measured | claims it backs |", "| --- | --- | --- |",
                "| [listed](listed/README.md) | a run | [capacity](../claims.md#capacity-and-rates) |",
                "| [inner](deep/inner/README.md) | a run | [web servers](../claims.md#web-servers) |", ""));
        assertThat(problems(docs)).anyMatch(p -> p.contains("left-out/README.md") && p.contains("not in the index"))
                .anyMatch(p -> p.contains("listed/README.md") && p.contains("web-servers"))
                .noneMatch(p -> p.contains("not-evidence"))
                .noneMatch(p -> p.contains("inner"));
    }

    /** What the index (docs/results/README.md) leaves out or misstates, each problem naming its README. */
    static List<String> problems(Path docs) throws IOException {
        Path results = docs.resolve("results");
        Map<String, TreeSet<String>> listed = new TreeMap<>();
        for (String line : Files.readAllLines(results.resolve("README.md"))) {
            Matcher row = ROW.matcher(line.strip());
            if (row.matches()) {
                TreeSet<String> sections = new TreeSet<>();
                SECTION_LINK.matcher(row.group(2)).results().forEach(m -> sections.add(m.group(1)));
                listed.put(row.group(1), sections);
            }
        }
        Map<String, TreeSet<String>> backs = backedSections(docs.resolve("claims.md"));
        List<String> problems = new ArrayList<>();
        for (String readme : evidenceReadmes(results)) {
            TreeSet<String> expected = backs.getOrDefault(readme, new TreeSet<>());
            if (!listed.containsKey(readme)) {
                problems.add(readme + ": an evidence README not in the index (docs/results/README.md); it backs "
                        + (expected.isEmpty() ? "none" : expected));
            } else if (!listed.get(readme).equals(expected)) {
                problems.add(readme + ": the index says it backs " + listed.get(readme) + ", the claims that link it "
                        + "are in " + (expected.isEmpty() ? "none" : expected));
            }
        }
        return problems;
    }

    /** Every README.md under results (but the index) with the five sections, relative to results. */
    private static List<String> evidenceReadmes(Path results) throws IOException {
        List<String> readmes = new ArrayList<>();
        try (Stream<Path> files = Files.walk(results)) {
            for (Path file : files.filter(f -> f.getFileName().toString().equals("README.md")).sorted().toList()) {
                if (!file.getParent().equals(results) && ClaimsListTest.evidenceProblems(file, "").stream()
                        .noneMatch(p -> p.contains("sections"))) {
                    readmes.add(results.relativize(file).toString().replace('\\', '/'));
                }
            }
        }
        return readmes;
    }

    /** For each evidence README (relative to results/), the anchors of the claims sections whose claims link it. */
    private static Map<String, TreeSet<String>> backedSections(Path claims) throws IOException {
        Map<String, TreeSet<String>> backs = new TreeMap<>();
        String section = null;
        for (String line : Files.readAllLines(claims)) {
            if (line.startsWith("## ")) {
                section = line.substring(3).strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "")
                        .replace(' ', '-');
            }
            Matcher row = Claims.ROW.matcher(line.strip());
            if (row.matches() && section != null) {
                Matcher link = EVIDENCE_LINK.matcher(row.group(4));
                while (link.find()) {
                    backs.computeIfAbsent(link.group(1).substring("results/".length()), k -> new TreeSet<>())
                            .add(section);
                }
            }
        }
        return backs;
    }
}
