package dev.vtlab.loadgen.docs;

import dev.vtlab.loadgen.ceilings.CeilingsResult;
import dev.vtlab.loadgen.json.Json;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.ReadableFigures;
import dev.vtlab.loadgen.load.Spread;
import dev.vtlab.loadgen.stored.StoredFiles;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/observing.md's claims, and the evidence READMEs beside their data, quote the runs as the files hold them: the
 * meters past the knee (each second's read times and peaks, from the rate run's JSON), a service that is not vtlab
 * (its ceilings.json), the meters' ceilings beside the lab's (the capacity search's results.json), and the searches on
 * services of their own beside vegeta's knee. Each claim of the page's section in docs/claims.md is checked here
 * against the figures computed from the same files, and the page's one table against the READMEs' rows.
 */
class ObservingPageTest {

    private static final Path PAGE = CommandChecks.root().resolve("docs/observing.md");
    private static final Path RESULTS = CommandChecks.root().resolve("docs/results");
    /** The searches on services of their own, the cold overloads and what each tool agrees with. */
    private static final Path REAL = RESULTS.resolve("ceilings-real-services/README.md");
    /** What the load generator costs beside vegeta. */
    private static final Path CLIENT_COST = RESULTS.resolve("ceilings-real-services/client-cost/README.md");
    private static final Path LAUNCH_COST = RESULTS.resolve("ceilings-real-services/launch-cost/README.md");
    private static final Path PAST_THE_KNEE = RESULTS.resolve("meters-past-the-knee/README.md");
    private static final Path CAPACITY_METERS = RESULTS.resolve("capacity-meters/README.md");
    private static final Path OTHER_SERVICE = RESULTS.resolve("ceilings-other-service/README.md");
    /** A row of a search on a service of its own links its ceilings.json, in a folder of a set or deeper. */
    private static final String REAL_SERVICE_SEARCH = "\\]\\(([a-z0-9-]+(?:/[a-z0-9-]+)+/ceilings\\.json)\\)";
    /** A row that links one of vegeta-knee.py's outputs. */
    private static final String VEGETA_KNEE = "\\]\\(([a-z0-9/-]+/vegeta-knee\\.txt)\\)";
    /** The line vegeta-knee.py ends with when a step held: the knee. */
    private static final Pattern KNEE_HELD = Pattern.compile("knee: (\\d+) req/s held");
    /** A Markdown link: its text, its target. */
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\(([^)]+)\\)");
    /** One round of client-cost.sh: the client's name, its CPU a request, the service's, the client's p99. */
    private static final String ROUND = "^round \\d ([a-z0-9-]+): the client's CPU ([0-9.]+) ms a request, the "
            + "service's ([0-9.]+) ms, the client's p99 ([0-9.]+) ms, 0 failed";

    @Test
    void every_past_the_knee_row_is_its_rate_runs() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(PAST_THE_KNEE, "\\]\\((run-\\d/run\\.json)\\)");
        assertThat(rows).as("past-the-knee rows").hasSizeGreaterThanOrEqualTo(2);
        List<Double> slowestMeters = new ArrayList<>();
        List<Double> connections = new ArrayList<>();
        List<Double> busy = new ArrayList<>();
        for (MarkdownTables.Row row : rows) {
            JsonNode seconds = ResultsJson.read(row.linked()).path("seconds");
            List<Double> meterReads = new ArrayList<>();
            List<Double> labReads = new ArrayList<>();
            seconds.forEach(s -> {
                if (s.path("meterReadMs").isNumber()) {
                    meterReads.add(s.path("meterReadMs").asDouble());
                }
                if (s.path("labReadMs").isNumber()) {
                    labReads.add(s.path("labReadMs").asDouble());
                }
            });
            double slowest = meterReads.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            slowestMeters.add(slowest);
            assertThat(row.cell("meter reads")).as(row.where()).isEqualTo(String.valueOf(meterReads.size()));
            assertThat(row.cell("slowest meter read ms")).as(row.where()).isEqualTo(whole(slowest));
            assertThat(row.cell("slowest lab read ms")).as(row.where()).isEqualTo(whole(
                    labReads.stream().mapToDouble(Double::doubleValue).max().orElseThrow()));
            busy.add(peak(seconds, line -> line.startsWith("tomcat_threads_busy_threads{")));
            connections.add(peak(seconds, line -> line.startsWith("tomcat_connections_current_connections{")));
            assertThat(row.cell("`tomcat_threads_busy_threads` peak")).as(row.where())
                    .isEqualTo(whole(peak(seconds, line -> line.startsWith("tomcat_threads_busy_threads{"))));
            assertThat(row.cell("`tomcat_connections_current_connections` peak")).as(row.where()).isEqualTo(
                    whole(peak(seconds, line -> line.startsWith("tomcat_connections_current_connections{"))));
        }
        String within = "answered every read within "
                + whole(slowestMeters.stream().mapToDouble(Double::doubleValue).max().orElseThrow()) + " ms";
        assertThat(PageText.of(PAST_THE_KNEE)).contains(within);
        assertThat(Claims.statement("obs-meters-own-port")).contains(within + " past T off's knee, "
                + String.format(Locale.ROOT, "%,.0f connections waiting for %.0f request threads (%d runs)",
                connections.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                busy.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), rows.size()));
    }

    @Test
    void every_ceilings_row_is_its_search() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(OTHER_SERVICE,
                "\\]\\(([a-z0-9-]+/ceilings\\.json)\\)");
        assertThat(rows).as("rows of the service that is not vtlab").hasSizeGreaterThanOrEqualTo(3);
        List<Double> predictions = new ArrayList<>();
        List<Double> sustainedRates = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (MarkdownTables.Row row : rows) {
            JsonNode result = ResultsJson.read(row.linked());
            JsonNode binding = result.path("probe").path("ceilings").get(0);
            double predicted = binding.path("rate").asDouble();
            double sustained = 0;
            for (JsonNode step : result.path("steps")) {
                if (step.path("held").asBoolean()) {
                    sustained = Math.max(sustained, step.path("offeredRate").asDouble());
                }
            }
            assertThat(result.path("finished").asBoolean()).as(row.where()).isTrue();
            assertThat(row.cell("meters")).as(row.where()).isEqualTo(result.path("format").asString());
            assertThat(row.cell("binding: size / hold")).as(row.where()).isEqualTo(String.format(Locale.ROOT,
                    "%s %s: %.0f / %.4f s", label(binding.path("kind").asString()), binding.path("key").asString(),
                    binding.path("size").asDouble(), binding.path("holdSeconds").asDouble()));
            assertThat(row.cell("predicted req/s")).as(row.where()).isEqualTo(oneDecimal(predicted));
            assertThat(row.cell("sustained req/s")).as(row.where()).isEqualTo(oneDecimal(sustained));
            assertThat(row.cell("measured / predicted")).as(row.where())
                    .isEqualTo(twoDigits(sustained / predicted));
            predictions.add(predicted);
            sustainedRates.add(sustained);
            ratios.add(sustained / predicted);
        }
        assertThat(Claims.statement("obs-other-service-pool")).contains(String.format(Locale.ROOT,
                "predicted %s req/s and sustained %s, %s of it, in %d searches", NumberRange.of(predictions, "%.1f"),
                NumberRange.of(sustainedRates, "%.1f"), NumberRange.of(ratios, "%.2f"), rows.size()));
    }

    /**
     * The searches on services of their own, each beside vegeta's knee of the same page: the prediction as measured,
     * the rate sustained, and the knee from vegeta-knee.py's output beside the search.
     */
    @Test
    void every_real_service_row_is_its_search_beside_vegetas_knee() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(REAL, REAL_SERVICE_SEARCH);
        assertThat(rows).as("rows of services of their own").hasSizeGreaterThanOrEqualTo(4);
        for (MarkdownTables.Row row : rows) {
            CeilingsResult result = Json.read(row.linked(), CeilingsResult.class);
            assertThat(result.finished()).as(row.where()).isTrue();
            assertThat(row.cell("binding, as measured")).as(row.where()).isEqualTo(result.predicted().name());
            assertThat(row.cell("predicted req/s")).as(row.where())
                    .isEqualTo(CeilingsResult.rate(result.predicted().rate()));
            assertThat(row.cell("sustained req/s")).as(row.where())
                    .isEqualTo(CeilingsResult.rate(result.sustainedRate()));
            assertThat(row.cell("sustained / predicted")).as(row.where())
                    .isEqualTo(twoDigits(result.ratio()));
            assertThat(row.cell("the CPU a request costs")).as(row.where()).isEqualTo(
                    Boolean.TRUE.equals(result.probe().settled()) ? "settled" : "did not settle");
            Path knee = row.linked().resolveSibling("vegeta-knee.txt");
            Matcher held = KNEE_HELD.matcher(StoredFiles.exists(knee) ? StoredFiles.readString(knee) : "");
            if (row.cell("vegeta's knee req/s").equals("-")) {
                assertThat(held.find()).as(row.where() + ": no knee held in " + knee).isFalse();
                continue;
            }
            assertThat(held.find()).as(row.where() + ": " + knee).isTrue();
            double vegeta = Double.parseDouble(held.group(1));
            assertThat(row.cell("vegeta's knee req/s")).as(row.where()).isEqualTo(CeilingsResult.rate(vegeta));
            assertThat(row.cell("sustained / vegeta's")).as(row.where())
                    .isEqualTo(twoDigits(result.sustainedRate() / vegeta));
            if (row.header().contains("predicted / vegeta's")) {
                assertThat(row.cell("predicted / vegeta's")).as(row.where())
                        .isEqualTo(twoDigits(result.predicted().rate() / vegeta));
            }
        }
    }

    /**
     * vegeta's knee twice on one start: each row's first cell links the first run's vegeta-knee.txt, its second knee's
     * cell the second's.
     */
    @Test
    void every_row_of_vegetas_knee_twice_is_its_two_runs() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(REAL, VEGETA_KNEE).stream()
                .filter(row -> row.header().contains("second / first")).toList();
        assertThat(rows).as("starts with vegeta's knee twice").hasSizeGreaterThanOrEqualTo(2);
        List<String> ratios = rows.stream().map(row -> row.cell("second / first")).toList();
        assertThat(Claims.of("obs-vegeta-against-itself").verdict()).contains(String.format(Locale.ROOT,
                "measured twice on one start, the second came to %s to %s of the first, within it on %d of %d starts",
                min(ratios), max(ratios), ratios.stream().filter(ObservingPageTest::within).count(), ratios.size()));
        for (MarkdownTables.Row row : rows) {
            Matcher secondCell = LINK.matcher(row.cell("second knee req/s"));
            assertThat(secondCell.matches()).as("the second knee's cell links its file: " + row.where()).isTrue();
            double first = kneeHeld(row.linked());
            double second = kneeHeld(REAL.resolveSibling(secondCell.group(2)));
            assertThat(row.cell("first knee req/s")).as(row.where()).isEqualTo(CeilingsResult.rate(first));
            assertThat(secondCell.group(1)).as(row.where()).isEqualTo(CeilingsResult.rate(second));
            assertThat(row.cell("second / first")).as(row.where())
                    .isEqualTo(twoDigits(second / first));
        }
    }

    /**
     * vegeta's knee warmed at two thirds of the knee before it on the same start: each row's first cell links the
     * second knee's vegeta-knee.txt; its warm-up rate is two thirds of the first knee's (rounded), its knee the file's
     * (or below the first rung, when none held), and its broken steps the file's, stalls and queues apart.
     */
    @Test
    void every_row_of_a_knee_warmed_at_two_thirds_is_its_file() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(REAL, VEGETA_KNEE).stream()
                .filter(row -> row.header().contains("the knee so warmed, req/s")).toList();
        assertThat(rows).as("knees warmed at two thirds of the one before").isNotEmpty();
        for (MarkdownTables.Row row : rows) {
            List<String> lines = StoredFiles.readAllLines(row.linked());
            double first = kneeHeld(row.linked().getParent().resolveSibling("vegeta-knee.txt"));
            Matcher warm = Pattern.compile("^\\s*warm\\s+(\\d+) req/s", Pattern.MULTILINE)
                    .matcher(String.join("\n", lines));
            assertThat(warm.find()).as(row.where() + ": the warm-up's line").isTrue();
            assertThat(Integer.parseInt(warm.group(1))).as(row.where()).isEqualTo((int) Math.round(first * 2 / 3));
            assertThat(row.cell("warmed at two thirds of the first knee, req/s")).as(row.where())
                    .isEqualTo(CeilingsResult.rate(Double.parseDouble(warm.group(1))));
            Matcher held = KNEE_HELD.matcher(lines.getLast());
            assertThat(row.cell("the knee so warmed, req/s")).as(row.where()).isEqualTo(held.find()
                    ? CeilingsResult.rate(Double.parseDouble(held.group(1)))
                    : lines.getLast().replaceFirst("^knee: below (\\d+) req/s$", "below $1"));
            assertThat(row.cell("steps broken by a stall it recovered from, req/s")).as(row.where())
                    .isEqualTo(brokenSteps(lines, ": a stall it recovered from"));
            assertThat(row.cell("steps not back by their end, req/s")).as(row.where())
                    .isEqualTo(brokenSteps(lines, ": not back by its end"));
        }
    }

    /**
     * The pair run with the collector's log: every pause and safepoint in gc.log, the search's broken steps and
     * vegeta's, and the pauses within vegeta's broken step, as the page quotes them.
     */
    @Test
    void the_collectors_pauses_are_its_log() throws IOException {
        Path pair = REAL.resolveSibling("gc-pair/petclinic-pair-1");
        List<String> log = StoredFiles.readAllLines(pair.resolveSibling("gc.log"));
        Pattern pause = Pattern.compile("^\\[([^\\]]+)\\].* Pause .* ([0-9.]+)ms$");
        Pattern safepoint = Pattern.compile("Safepoint .*Total: (\\d+) ns");
        List<Matcher> pauses = log.stream().map(pause::matcher).filter(Matcher::find).toList();
        double longestPause = pauses.stream().mapToDouble(m -> Double.parseDouble(m.group(2))).max().orElseThrow();
        double longestSafepointNs = log.stream().map(safepoint::matcher).filter(Matcher::find)
                .mapToDouble(m -> Double.parseDouble(m.group(1))).max().orElseThrow();
        CeilingsResult search = Json.read(pair.resolve("ceilings.json"), CeilingsResult.class);
        // a step broken by a stall and run again keeps its first run inside it
        double[] brokenP99 = search.steps().stream().filter(run -> !run.held())
                .flatMap(run -> run.firstRun() == null ? Stream.of(run) : Stream.of(run, run.firstRun()))
                .mapToDouble(run -> run.p99Ms()).sorted().toArray();
        String broken = stepLabel(notHeld(StoredFiles.readAllLines(pair.resolve("vegeta-knee.txt"))).getFirst());
        JsonNode step = Json.readTree(pair.resolve("vegeta-" + broken + ".json"));
        Instant from = Instant.parse(step.get("earliest").asString());
        Instant to = Instant.parse(step.get("latest").asString());
        DateTimeFormatter logTime = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");
        List<Double> within = pauses.stream().filter(m -> {
            Instant at = OffsetDateTime.parse(m.group(1), logTime).toInstant();
            return !at.isBefore(from) && at.isBefore(to);
        }).map(m -> Double.parseDouble(m.group(2))).toList();
        assertThat(Claims.statement("obs-gc-pauses")).contains(String.format(Locale.ROOT,
                "%,d pauses over a search and vegeta's knee, none longer than %.0f ms, no safepoint longer than %.0f ms,"
                        + " where the steps broke on p99s of %,.0f to %,.0f ms", pauses.size(), longestPause,
                longestSafepointNs / 1e6, brokenP99[0], brokenP99[brokenP99.length - 1]));
        assertThat(StoredFiles.readString(REAL).replaceAll("\\s+", " ")).contains(String.format(Locale.ROOT,
                "%,d pauses over the search and vegeta's knee, none longer than %.0f ms, no safepoint longer than "
                        + "%.0f ms, where the search's steps broke on p99s of %,.0f to %,.0f ms and vegeta's %,d req/s "
                        + "on %,.0f ms (its 15 s held %d pauses, %.0f ms in all)",
                pauses.size(), longestPause, longestSafepointNs / 1e6, brokenP99[0],
                brokenP99[brokenP99.length - 1], Integer.parseInt(broken),
                step.get("latencies").get("99th").asDouble() / 1e6, within.size(),
                within.stream().mapToDouble(Double::doubleValue).sum()));
    }

    /** The rates of a vegeta-knee.txt's steps that did not hold, as vegeta-knee.py called them, or "-". */
    private static String brokenSteps(List<String> kneeLines, String kind) {
        List<String> rates = notHeld(kneeLines).stream().filter(line -> line.contains(kind))
                .map(line -> CeilingsResult.rate(Double.parseDouble(stepLabel(line)))).toList();
        return rates.isEmpty() ? "-" : String.join("; ", rates);
    }

    /** The lines of a vegeta-knee.txt's steps that did not hold. */
    private static List<String> notHeld(List<String> kneeLines) {
        return kneeLines.stream().filter(line -> line.contains(": not held")).toList();
    }

    /** A vegeta-knee.txt step line's label: its rate ("1074"), or "warm" for the warm-up. */
    private static String stepLabel(String stepLine) {
        return stepLine.trim().split("\\s+")[0];
    }

    private static double kneeHeld(Path kneeFile) throws IOException {
        Matcher held = KNEE_HELD.matcher(StoredFiles.readString(kneeFile));
        assertThat(held.find()).as("a knee held in " + kneeFile).isTrue();
        return Double.parseDouble(held.group(1));
    }

    /**
     * The pairs on one start (the rows that set the prediction beside vegeta's knee too) where vegeta held a knee:
     * the evidence's summary lists their ratios in order, and the claims quote their ranges, their median and how
     * many came within 0.85 to 1.15 of vegeta's knee and of their own prediction. The rows themselves are checked
     * above.
     */
    @Test
    void the_pairs_ratios_in_words_are_their_rows() throws IOException {
        List<MarkdownTables.Row> pairs = pairsWithKnee();
        assertThat(pairs).as("pairs on one start").hasSizeGreaterThanOrEqualTo(8);
        List<String> sustained = pairs.stream().map(row -> row.cell("sustained / vegeta's")).toList();
        List<String> predicted = pairs.stream().map(row -> row.cell("predicted / vegeta's")).toList();
        String evidence = StoredFiles.readString(REAL).replaceAll("\\s+", " ");
        assertThat(evidence).contains("sustained / vegeta's knee " + inWords(sustained))
                .contains("predicted / vegeta's knee " + inWords(predicted));
        long both = pairs.stream().filter(row -> within(row.cell("sustained / vegeta's"))
                && within(row.cell("sustained / predicted"))).count();
        assertThat(Claims.of("obs-petclinic-vs-vegeta").verdict()).contains(String.format(Locale.ROOT,
                "(%d of %d pairs: sustained %s to %s of vegeta's knee, median %s; their CPU ceilings %s to %s of it)",
                sustained.stream().filter(ObservingPageTest::within).count(), pairs.size(), min(sustained),
                max(sustained), median(sustained), min(predicted), max(predicted)));
        assertThat(Claims.of("obs-petclinic-both-targets").verdict())
                .isEqualTo(String.format(Locale.ROOT, "**Does not hold** (%d of %d pairs)", both, pairs.size()));
        List<String> atTheBusiestSecond = new ArrayList<>();
        for (MarkdownTables.Row row : pairs) {
            CeilingsResult result = Json.read(row.linked(), CeilingsResult.class);
            if (result.predicted().from().contains("busiest second")) {
                atTheBusiestSecond.add(row.cell("sustained / predicted"));
            }
        }
        assertThat(atTheBusiestSecond).as("pairs whose CPU ceiling left out the busiest second").isNotEmpty();
        assertThat(Claims.statement("obs-busiest-second")).contains(String.format(Locale.ROOT, "the %d searches "
                + "predicted so since sustained %s to %s of their prediction", atTheBusiestSecond.size(),
                min(atTheBusiestSecond), max(atTheBusiestSecond)));
        assertThat(Claims.of("obs-busiest-second").verdict()).contains(String.format(Locale.ROOT, "%s to %s since",
                min(atTheBusiestSecond), max(atTheBusiestSecond)));
    }

    /**
     * The hours' table: for each set of two pairs or more with a knee of vegeta's (a row linking the set's folder),
     * its searches' sustained rates and vegeta's knees as the pairs' rows give them, how far each spread, the knees'
     * median and each search against it; the page counts the pairs within 0.85 to 1.15 of the median and of their own
     * start's knee, and how often the reference met that band against itself: each knee of a set against each other
     * knee of it, and the set's median against each knee.
     */
    @Test
    void every_hours_row_is_its_sets_pairs() throws IOException {
        Map<String, List<MarkdownTables.Row>> bySet = new LinkedHashMap<>();
        for (MarkdownTables.Row pair : pairsWithKnee()) {
            String set = pair.linked().getParent().getParent().getFileName().toString();
            bySet.computeIfAbsent(set, key -> new ArrayList<>()).add(pair);
        }
        bySet.values().removeIf(pairs -> pairs.size() < 2);
        List<MarkdownTables.Row> hours = MarkdownTables.rowsLinking(REAL, "\\]\\((set-\\d+)\\)");
        assertThat(hours.stream().map(row -> row.linked().getFileName().toString()).toList())
                .as("a row for each set of two pairs or more with a knee").isEqualTo(List.copyOf(bySet.keySet()));
        int pairs = 0;
        int withinOwn = 0;
        int withinMedian = 0;
        int kneeAgainstKnee = 0;
        int kneeWithinKnee = 0;
        int medianWithinKnee = 0;
        List<String> searchesSince18 = new ArrayList<>();
        List<String> kneesSince18 = new ArrayList<>();
        for (MarkdownTables.Row hour : hours) {
            List<MarkdownTables.Row> set = bySet.get(hour.linked().getFileName().toString());
            double[] sustainedRates = figures(set, "sustained req/s");
            Spread sustained = Spread.of(sustainedRates);
            double[] kneeRates = figures(set, "vegeta's knee req/s");
            Spread knees = Spread.of(kneeRates);
            List<String> ratios = Arrays.stream(sustainedRates).mapToObj(rate -> twoDigits(rate / knees.median()))
                    .toList();
            assertThat(hour.cell("the searches' sustained req/s")).as(hour.where())
                    .isEqualTo(cells(set, "sustained req/s"));
            assertThat(hour.cell("highest / lowest sustained")).as(hour.where()).isEqualTo(spread(sustained));
            assertThat(hour.cell("vegeta's knees req/s")).as(hour.where())
                    .isEqualTo(cells(set, "vegeta's knee req/s"));
            assertThat(hour.cell("highest / lowest knee")).as(hour.where()).isEqualTo(spread(knees));
            assertThat(hour.cell("the knees' median req/s")).as(hour.where())
                    .isEqualTo(CeilingsResult.rate(knees.median()));
            assertThat(hour.cell("sustained / the median")).as(hour.where()).isEqualTo(String.join("; ", ratios));
            if (Integer.parseInt(hour.linked().getFileName().toString().substring("set-".length())) >= 18) {
                searchesSince18.add(spread(sustained));
                kneesSince18.add(spread(knees));
            }
            pairs += set.size();
            withinOwn += (int) set.stream().filter(pair -> within(pair.cell("sustained / vegeta's"))).count();
            withinMedian += (int) ratios.stream().filter(ObservingPageTest::within).count();
            for (int reference = 0; reference < kneeRates.length; reference++) {
                medianWithinKnee += within(twoDigits(knees.median() / kneeRates[reference])) ? 1 : 0;
                for (int other = 0; other < kneeRates.length; other++) {
                    if (other != reference) {
                        kneeAgainstKnee++;
                        kneeWithinKnee += within(twoDigits(kneeRates[other] / kneeRates[reference])) ? 1 : 0;
                    }
                }
            }
        }
        assertThat(StoredFiles.readString(REAL).replaceAll("\\s+", " ")).contains(String.format(Locale.ROOT,
                "sustained came within 0.85 to 1.15 of its hour's median knee in %d of these %d pairs, and of the knee "
                        + "on its own start in %d", withinMedian, pairs, withinOwn)).contains(String.format(Locale.ROOT,
                "From set 18 on, a set's searches parted by %s to %s (highest over lowest), its knees by %s to %s",
                min(searchesSince18), max(searchesSince18), min(kneesSince18), max(kneesSince18))).contains(
                String.format(Locale.ROOT, "vegeta's knee on another start of the same half hour came within 0.85 "
                        + "to 1.15 of the knee on a start in %d of %d such comparisons", kneeWithinKnee,
                        kneeAgainstKnee)).contains(String.format(Locale.ROOT, "A tool that answered the hour's "
                        + "median knee every time would have met #47's band against the knee of each start in %d of "
                        + "these %d pairs", medianWithinKnee, pairs));
        assertThat(Claims.statement("obs-hour-median")).contains(String.format(Locale.ROOT, "%d of %d against %d; a "
                + "tool that answered that median every time would have met the band against each start's knee in %d "
                + "of %d", withinMedian, pairs, withinOwn, medianWithinKnee, pairs));
        assertThat(Claims.of("obs-vegeta-against-itself").verdict()).contains(String.format(Locale.ROOT,
                "a start apart in the same half hour, within it in %d of %d comparisons", kneeWithinKnee,
                kneeAgainstKnee));
    }

    /** The pairs on one start (the rows that set the prediction beside vegeta's knee too) where vegeta held a knee. */
    private static List<MarkdownTables.Row> pairsWithKnee() throws IOException {
        return MarkdownTables.rowsLinking(REAL, REAL_SERVICE_SEARCH).stream()
                .filter(row -> row.header().contains("predicted / vegeta's"))
                .filter(row -> !row.cell("vegeta's knee req/s").equals("-")).toList();
    }

    private static double[] figures(List<MarkdownTables.Row> rows, String column) {
        return rows.stream().mapToDouble(row -> Double.parseDouble(row.cell(column).replace(",", ""))).toArray();
    }

    private static String cells(List<MarkdownTables.Row> rows, String column) {
        return String.join("; ", rows.stream().map(row -> row.cell(column)).toList());
    }

    /** Highest over lowest. */
    private static String spread(Spread figures) {
        return twoDigits(figures.max() / figures.min());
    }

    private static String twoDigits(double ratio) {
        return String.format(Locale.ROOT, "%.2f", ratio);
    }

    /**
     * The pairs read again with the CPU's ceiling at the busiest second: the page shows busiest-second.py's output
     * as it is, and its counts in words are that table's.
     */
    @Test
    void the_busiest_second_counts_are_its_table() throws IOException {
        String table = StoredFiles.readString(REAL.resolveSibling("busiest-second.txt"));
        String page = StoredFiles.readString(REAL);
        assertThat(page).contains(table);
        List<String[]> withKnee = table.lines().skip(2).map(line -> line.split("\\s*\\|\\s*"))
                .filter(cells -> !cells[9].equals("-")).toList();
        long before = withKnee.stream().filter(cells -> within(cells[4])).count();
        long sustained = withKnee.stream().filter(cells -> within(cells[8])).count();
        long vegeta = withKnee.stream().filter(cells -> within(cells[10])).count();
        assertThat(page.replaceAll("\\s+", " ")).contains("Sustained / the prediction at the busiest second came "
                + "within 0.85 to 1.15 in " + WORDS.get((int) sustained) + " of the " + WORDS.get(withKnee.size())
                + " pairs with a knee of vegeta's (" + WORDS.get((int) before) + " before), and the prediction "
                + "itself within 0.85 to 1.15 of vegeta's knee in " + WORDS.get((int) vegeta) + ".");
        assertThat(Claims.statement("obs-busiest-second")).contains(String.format(Locale.ROOT, "read again so, %d of "
                + "the first %d pairs with a knee sustained 0.85 to 1.15 of it (%d on the mean), the prediction within "
                + "0.85 to 1.15 of vegeta's knee in %d", sustained, withKnee.size(), before, vegeta));
        assertThat(Claims.of("obs-busiest-second").verdict()).contains(String.format(Locale.ROOT,
                "(%d of %d read again;", sustained, withKnee.size()));
    }

    /**
     * The machine's busy cores against the two processes': the page shows attributed.py's output as it is, and what it
     * says of it is that table's: no ksoftirqd time, the share neither process counted, the cores at the top rates.
     */
    @Test
    void the_machine_cpu_figures_are_attributed_py_output() throws IOException {
        String table = StoredFiles.readString(CLIENT_COST.getParent().resolveSibling(
                "machine-cpu/petclinic/attributed.txt"));
        String page = StoredFiles.readString(CLIENT_COST);
        assertThat(page).contains(table);
        List<String[]> rates = table.lines().skip(1).map(line -> line.trim().split("\\s+")).toList();
        assertThat(rates).as("rates").hasSize(7)
                .allSatisfy(row -> assertThat(row[5]).as("ksoftirqd").isEqualTo("0.00"));
        List<Double> shares = rates.stream().map(row -> Double.parseDouble(row[8].replace("%", ""))).toList();
        Map<String, String> busyAt = new HashMap<>();
        rates.forEach(row -> busyAt.put(row[0], row[2]));
        assertThat(Claims.statement("obs-machine-cpu")).contains(String.format(Locale.ROOT,
                "came to between %.1f%% and %.1f%% of them, the ksoftirqd threads none",
                shares.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                shares.stream().mapToDouble(Double::doubleValue).max().orElseThrow()));
        assertThat(page.replaceAll("\\s+", " ")).contains(String.format(Locale.ROOT,
                "came to between %.1f%% and %.1f%% of them",
                shares.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                shares.stream().mapToDouble(Double::doubleValue).max().orElseThrow()))
                .contains("at 1,300 and 1,500 req/s too, where the cores were full (" + busyAt.get("1300") + " and "
                        + busyAt.get("1500") + " busy;");
    }

    /**
     * The searches written before the prediction took the CPU a request costs from every run of the steps, read
     * again that way: every search on the page whose prediction was the CPU's at the busiest second has a row,
     * linking its report; each row is its search read both ways, and the page counts both.
     */
    @Test
    void every_search_read_again_over_the_runs_is_its_row() throws IOException {
        List<Path> searches = new ArrayList<>();
        for (MarkdownTables.Row row : MarkdownTables.rowsLinking(REAL, REAL_SERVICE_SEARCH)) {
            CeilingsResult result = Json.read(row.linked(), CeilingsResult.class);
            if (result.cpuCost() == null && result.predicted().kind() == MeterCeiling.Kind.CPU
                    && result.predicted().from().contains("busiest second") && !searches.contains(row.linked())) {
                searches.add(row.linked());
            }
        }
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(REAL, REAL_SERVICE_SEARCH.replace("json", "md"));
        // the evidence sets the searches in tables by kind, the read-again table in the order the runs were made
        assertThat(rows.stream().map(row -> row.linked().resolveSibling("ceilings.json")).toList())
                .as("a row for each search predicted at the busiest second")
                .containsExactlyInAnyOrderElementsOf(searches);
        int ownWithin = 0;
        int medianWithin = 0;
        int cheaper = 0;
        List<String> ownRatios = new ArrayList<>();
        List<String> medianRatios = new ArrayList<>();
        for (MarkdownTables.Row row : rows) {
            CeilingsResult own = Json.read(row.linked().resolveSibling("ceilings.json"),
                    CeilingsResult.class);
            CeilingsResult again = new CeilingsResult(own.command(), own.url(), own.metrics(), own.format(),
                    own.started(), own.probe(), own.steps(), own.finished(), own.client(),
                    CeilingsResult.CpuCost.MEDIAN_OF_STEP_RUNS, null);
            MeterCeiling median = again.refinedCeilings().stream().filter(c -> c.kind() == MeterCeiling.Kind.CPU)
                    .findFirst().orElseThrow();
            Matcher runs = Pattern.compile("in the steps' (\\d+) runs").matcher(median.from());
            assertThat(runs.find()).as(median.from()).isTrue();
            assertThat(row.cell("sustained req/s")).as(row.where()).isEqualTo(CeilingsResult.rate(own.sustainedRate()));
            assertThat(row.cell("its own step's CPU a request")).as(row.where())
                    .isEqualTo(ReadableFigures.millis(own.predicted().holdSeconds() * 1000));
            assertThat(row.cell("predicted req/s")).as(row.where())
                    .isEqualTo(CeilingsResult.rate(own.predicted().rate()));
            assertThat(row.cell("sustained / predicted")).as(row.where()).isEqualTo(twoDigits(own.ratio()));
            assertThat(row.cell("runs")).as(row.where()).isEqualTo(runs.group(1));
            assertThat(row.cell("their median CPU a request")).as(row.where())
                    .isEqualTo(ReadableFigures.millis(median.holdSeconds() * 1000));
            assertThat(row.cell("predicted by the median req/s")).as(row.where())
                    .isEqualTo(CeilingsResult.rate(again.predicted().rate()));
            assertThat(row.cell("sustained / that")).as(row.where()).isEqualTo(twoDigits(again.ratio()));
            ownWithin += within(twoDigits(own.ratio())) ? 1 : 0;
            medianWithin += within(twoDigits(again.ratio())) ? 1 : 0;
            cheaper += own.predicted().holdSeconds() < median.holdSeconds() ? 1 : 0;
            ownRatios.add(twoDigits(own.ratio()));
            medianRatios.add(twoDigits(again.ratio()));
        }
        assertThat(Claims.statement("obs-cpu-median-of-runs")).contains(String.format(Locale.ROOT, "the %d searches "
                + "before it, read again so, came within 0.85 to 1.15 of the prediction in %d (%d by their own step's "
                + "cost, which was the cheaper in %d)", rows.size(), medianWithin, ownWithin, cheaper));
        assertThat(Claims.of("obs-cpu-median-of-runs").verdict()).contains(String.format(Locale.ROOT,
                "(%s to %s; by their own step's cost %s to %s)", min(medianRatios), max(medianRatios),
                min(ownRatios), max(ownRatios)));
        assertThat(StoredFiles.readString(REAL).replaceAll("\\s+", " ")).contains(String.format(Locale.ROOT,
                "sustained came within 0.85 to 1.15 of the prediction in %d of these %d searches by their own step's "
                        + "cost, and in %d by the median of their runs", ownWithin, rows.size(), medianWithin))
                .contains(String.format(Locale.ROOT, "The step that held highest had cost less than the median of its "
                        + "search's runs in %d of these %d searches", cheaper, rows.size()))
                .contains(String.format(Locale.ROOT, "sustained / predicted ran from %s to %s by their own step's "
                        + "cost, from %s to %s by the median of their runs", min(ownRatios), max(ownRatios),
                        min(medianRatios), max(medianRatios)));
    }

    /**
     * The connections beside four pairs: the figures the page quotes are connections.py's output, before the change
     * and after it: what the searches retransmitted, the connections of their spells and of their other seconds, and
     * the most connections of vegeta's steps that held (by its vegeta-knee.txt).
     */
    @Test
    void the_connections_figures_are_connections_py_output() throws IOException {
        Path results = REAL.resolveSibling("connections");
        List<List<String>> retransmitted = new ArrayList<>();
        List<List<String>> others = new ArrayList<>();
        List<List<String>> vegetaHeld = new ArrayList<>();
        List<Integer> firstSeconds = new ArrayList<>();
        List<Integer> spellPeaks = new ArrayList<>();
        Pattern search = Pattern.compile("^petclinic-pair-\\d, the search \\(.*TcpRetransSegs (\\d+),");
        Pattern spell = Pattern.compile("^ {2}\\S+ to \\S+: (\\d+) connections in its first second, at most (\\d+),");
        Pattern other = Pattern.compile("^ {2}the other \\d+ s: at most (\\d+) connections");
        Pattern vegeta = Pattern.compile("^(petclinic-pair-\\d), vegeta (\\w+) \\(.*\\): at most (\\d+) connections");
        for (String run : List.of("before-opening-ahead", "opening-ahead")) {
            List<String> runRetransmitted = new ArrayList<>();
            List<String> runOthers = new ArrayList<>();
            Map<String, Integer> heldPeak = new LinkedHashMap<>();
            for (String line : StoredFiles.readAllLines(results.resolve(run).resolve("connections.txt"))) {
                Matcher m;
                if ((m = search.matcher(line)).find()) {
                    runRetransmitted.add(String.format(Locale.ROOT, "%,d", Integer.parseInt(m.group(1))));
                } else if ((m = spell.matcher(line)).find()) {
                    firstSeconds.add(Integer.parseInt(m.group(1)));
                    spellPeaks.add(Integer.parseInt(m.group(2)));
                } else if ((m = other.matcher(line)).find()) {
                    runOthers.add(m.group(1));
                } else if ((m = vegeta.matcher(line)).find() && heldSteps(results.resolve(run).resolve(m.group(1)))
                        .contains(m.group(2))) {
                    heldPeak.merge(m.group(1), Integer.parseInt(m.group(3)), Math::max);
                }
            }
            retransmitted.add(runRetransmitted);
            others.add(runOthers);
            vegetaHeld.add(heldPeak.values().stream().map(String::valueOf).toList());
        }
        assertThat(Claims.statement("obs-connections-no-loss")).contains(String.format(Locale.ROOT,
                "(%s before, %s after)", inWords(retransmitted.get(0)), inWords(retransmitted.get(1))));
        assertThat(StoredFiles.readString(REAL).replaceAll("\\s+", " "))
                .contains(String.format(Locale.ROOT, "(%s before, %s after)", inWords(retransmitted.get(0)),
                        inWords(retransmitted.get(1))))
                .contains(String.format(Locale.ROOT, "%d to %d connections were open in the spell's first second and "
                                + "up to %d", firstSeconds.stream().min(Integer::compare).orElseThrow(),
                        firstSeconds.stream().max(Integer::compare).orElseThrow(),
                        spellPeaks.stream().max(Integer::compare).orElseThrow()))
                .contains(String.format(Locale.ROOT, "at most %s (%s after)", inWords(others.get(0)),
                        inWords(others.get(1))))
                .contains(String.format(Locale.ROOT, "vegeta's steps that held kept at most %s (after the change %s)",
                        inWords(vegetaHeld.get(0)), inWords(vegetaHeld.get(1))));
    }

    /** The labels of the steps vegeta-knee.py called held in {@code pair}'s vegeta-knee.txt (the warm-up too). */
    private static List<String> heldSteps(Path pair) throws IOException {
        return StoredFiles.readAllLines(pair.resolve("vegeta-knee.txt")).stream().filter(line -> line.endsWith(": held")
                || line.contains(": held (")).map(ObservingPageTest::stepLabel).toList();
    }

    private static final List<String> WORDS = List.of("none", "one", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
            "eighteen", "nineteen", "twenty");

    /**
     * The steps that broke vegeta's ladders in the page's pairs whose vegeta-knee.txt reads them second by second: the
     * page counts the queues and the stalls as vegeta-knee.py called them.
     */
    @Test
    void vegetas_broken_steps_in_words_are_its_files() throws IOException {
        Map<Integer, List<String>> brokenBySet = new TreeMap<>();
        for (MarkdownTables.Row pair : pairsWithKnee()) {
            List<String> broken = notHeld(StoredFiles.readAllLines(pair.linked().resolveSibling("vegeta-knee.txt")));
            if (!broken.isEmpty() && broken.stream().allMatch(line -> line.contains("second by second"))) {
                String set = pair.linked().getParent().getParent().getFileName().toString();
                brokenBySet.computeIfAbsent(Integer.parseInt(set.substring("set-".length())),
                        key -> new ArrayList<>()).addAll(broken);
            }
        }
        assertThat(brokenBySet).as("sets whose vegeta's steps were read second by second").isNotEmpty();
        List<String> broken = brokenBySet.values().stream().flatMap(List::stream).toList();
        long queues = broken.stream().filter(line -> line.endsWith(": not back by its end")).count();
        long stalls = broken.stream().filter(line -> line.contains(": a stall it recovered from")).count();
        assertThat(queues + stalls).as("each broken step a queue or a stall").isEqualTo(broken.size());
        String sets = inWords(brokenBySet.keySet().stream().map(String::valueOf).toList());
        assertThat(StoredFiles.readString(REAL).replaceAll("\\s+", " ")).contains(String.format(Locale.ROOT,
                "Of the %s steps that broke vegeta's ladders in sets %s, %s were queues and %s stalls it recovered "
                        + "from", WORDS.get(broken.size()), sets, WORDS.get((int) queues), WORDS.get((int) stalls)));
        assertThat(Claims.statement("obs-vegeta-steps-queues-stalls")).contains(String.format(Locale.ROOT,
                "Of the %s steps that broke vegeta's ladders, read second by second, %s were queues and %s stalls it "
                        + "recovered from", WORDS.get(broken.size()), WORDS.get((int) queues), WORDS.get((int) stalls)));
    }

    /**
     * The one table across runs, on the page and in the evidence: for each kind of search, how many runs, and the
     * median and range of what they sustained against their own prediction and against vegeta's knee, from the
     * evidence's rows (each checked against its ceilings.json above); and the claims that quote them.
     */
    @Test
    void the_table_across_runs_is_the_searches_rows() throws IOException {
        List<MarkdownTables.Row> searches = MarkdownTables.rowsLinking(REAL, REAL_SERVICE_SEARCH).stream()
                .filter(row -> row.header().contains("the probe's prediction req/s")).toList();
        List<MarkdownTables.Row> others = searches.stream()
                .filter(row -> !row.header().contains("predicted / vegeta's")).toList();
        List<MarkdownTables.Row> pairs = searches.stream()
                .filter(row -> row.header().contains("predicted / vegeta's")).toList();
        List<MarkdownTables.Row> count = inFolder(others, "orders-count");
        List<MarkdownTables.Row> status = inFolder(others, "orders-status");
        List<MarkdownTables.Row> report = inFolder(others, "orders-report");
        List<MarkdownTables.Row> heap = others.stream().filter(row -> row.cell("binding, as measured").equals("heap"))
                .toList();
        List<MarkdownTables.Row> asItIs = new ArrayList<>();
        for (MarkdownTables.Row pair : pairs) {
            if (Json.read(pair.linked(), CeilingsResult.class).cpuCost() != null) {
                asItIs.add(pair);
            }
        }
        Map<String, List<MarkdownTables.Row>> table = new LinkedHashMap<>();
        table.put("other-service `/orders/count`: a HikariCP pool of 4, a 200 ms query", count);
        table.put("other-service `/orders/status`: 20 request threads, a 200 ms call", status);
        table.put("other-service `/orders/report`: the CPU", report);
        table.put("other-service `/orders/status`, the switch on: the heap, the search keeping to it", heap);
        table.put("spring-petclinic `/owners`: the CPU, every version of the search", pairs);
        table.put("spring-petclinic `/owners`: the CPU, the search as it is", asItIs);
        String page = StoredFiles.readString(PAGE);
        String evidence = StoredFiles.readString(REAL);
        for (var kind : table.entrySet()) {
            List<String> predicted = ratios(kind.getValue(), "sustained / predicted");
            List<String> vegetas = ratios(kind.getValue(), "sustained / vegeta's");
            String runs = vegetas.isEmpty() || vegetas.size() == predicted.size() ? String.valueOf(predicted.size())
                    : predicted.size() + " (" + vegetas.size() + " with a knee)";
            String row = String.format(Locale.ROOT, "| %s | %s | %s | %s |", kind.getKey(), runs, medianRange(predicted),
                    vegetas.isEmpty() ? "-" : medianRange(vegetas));
            assertThat(evidence).as(kind.getKey()).contains(row + "\n");
            assertThat(page).as(kind.getKey()).contains(row + " `");
        }
        List<String> pools = new ArrayList<>(ratios(count, "sustained / predicted"));
        pools.addAll(ratios(status, "sustained / predicted"));
        List<String> poolsVegeta = new ArrayList<>(ratios(count, "sustained / vegeta's"));
        poolsVegeta.addAll(ratios(status, "sustained / vegeta's"));
        assertThat(count).hasSameSizeAs(status);
        assertThat(Claims.statement("obs-pool-and-threads-pages")).contains(String.format(Locale.ROOT,
                "sustained %s to %s of the prediction and %s to %s of vegeta's knee (%d runs a page)", min(pools),
                max(pools), min(poolsVegeta), max(poolsVegeta), count.size()));
        List<String> reportPredicted = ratios(report, "sustained / predicted");
        List<String> reportVegeta = ratios(report, "sustained / vegeta's");
        assertThat(Claims.statement("obs-cpu-page-other-service")).contains(String.format(Locale.ROOT,
                "sustained %s of the prediction (median of %d runs) and %s of vegeta's knee (median of %d)",
                median(reportPredicted), reportPredicted.size(), median(reportVegeta), reportVegeta.size()));
        assertThat(Claims.of("obs-cpu-page-other-service").verdict()).contains(String.format(Locale.ROOT,
                "(%s to %s of the prediction, %s to %s of vegeta's knee)", min(reportPredicted), max(reportPredicted),
                min(reportVegeta), max(reportVegeta)));
        List<String> heapRatios = ratios(heap, "sustained / predicted");
        for (MarkdownTables.Row row : heap) {
            CeilingsResult result = Json.read(row.linked(), CeilingsResult.class);
            assertThat(result.finished()).as(row.where()).isTrue();
            assertThat(result.predicted().kind()).as(row.where()).isEqualTo(MeterCeiling.Kind.HEAP);
        }
        assertThat(Claims.statement("obs-heap-ceiling")).contains(String.format(Locale.ROOT,
                "sustained %s to %s of that ceiling in %d searches, each run to its end", min(heapRatios),
                max(heapRatios), heap.size()));
        List<String> now = ratios(asItIs, "sustained / predicted");
        assertThat(Claims.statement("obs-petclinic-prediction")).contains(String.format(Locale.ROOT,
                "sustained %s of its own prediction (median of %d searches on fresh starts), %d of them within 0.85 "
                        + "to 1.15", median(now), now.size(), now.stream().filter(ObservingPageTest::within).count()));
        assertThat(Claims.of("obs-petclinic-prediction").verdict()).contains(String.format(Locale.ROOT, "(%s to %s)",
                min(now), max(now)));
    }

    /**
     * The next ceiling with the switch on: the switch-off search of the thread-bound page names the CPU's rate as a
     * floor, and the switch-on search of the same page sustained far above it with the CPU binding (the workshop's
     * exercise 9, at the service's default heap).
     */
    @Test
    void the_next_ceiling_is_a_floor_by_the_two_searches() throws IOException {
        Path ex9 = RESULTS.resolve("workshop/ex9");
        Matcher floor = Pattern.compile("request threads are no ceiling any more; the ceiling is CPU service \\+ load "
                + "generator at (\\d+) req/s .* so read \\1 req/s as a floor")
                .matcher(StoredFiles.readString(ex9.resolve("status-platform/ceilings.md")));
        assertThat(floor.find()).as("the switch-off report's floor").isTrue();
        CeilingsResult on = Json.read(ex9.resolve("status-virtual/ceilings.json"),
                CeilingsResult.class);
        assertThat(on.predicted().kind()).isEqualTo(MeterCeiling.Kind.CPU);
        assertThat(on.sustainedRate()).isGreaterThan(2 * Double.parseDouble(floor.group(1)));
        assertThat(Claims.statement("obs-next-ceiling-floor")).contains(String.format(Locale.ROOT,
                "%s req/s named, %s sustained with the switch on", floor.group(1), CeilingsResult.rate(
                        on.sustainedRate())));
    }

    private static List<MarkdownTables.Row> inFolder(List<MarkdownTables.Row> rows, String folder) {
        return rows.stream().filter(row -> row.linked().getParent().getFileName().toString().equals(folder)).toList();
    }

    /** A column's two-digit ratios, those that are figures ("-" is none). */
    private static List<String> ratios(List<MarkdownTables.Row> rows, String column) {
        return rows.stream().map(row -> row.cell(column)).filter(cell -> !cell.equals("-")).toList();
    }

    private static String median(List<String> ratios) {
        return twoDigits(Spread.of(ratios.stream().mapToDouble(Double::parseDouble).toArray()).median());
    }

    /** "0.94 (0.59 to 0.97)". */
    private static String medianRange(List<String> ratios) {
        return median(ratios) + " (" + min(ratios) + " to " + max(ratios) + ")";
    }

    private static boolean within(String ratio) {
        double value = Double.parseDouble(ratio);
        return value >= 0.85 && value <= 1.15;
    }

    /** "a, b and c". */
    private static String inWords(List<String> figures) {
        return String.join(", ", figures.subList(0, figures.size() - 1)) + " and " + figures.getLast();
    }

    private static String min(List<String> ratios) {
        return ratios.stream().min(java.util.Comparator.comparingDouble(Double::parseDouble)).orElseThrow();
    }

    private static String max(List<String> ratios) {
        return ratios.stream().max(java.util.Comparator.comparingDouble(Double::parseDouble)).orElseThrow();
    }

    /**
     * The cold overload's rows are overload.sh's summaries; where a table shows the connects the kernel dropped, the
     * summary's fourth line (overload.sh writes it since set 8) has them.
     */
    @Test
    void every_cold_overload_row_is_its_summary() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(REAL,
                "\\]\\(([a-z0-9-]+/overload-[a-z0-9-]+/overload\\.txt)\\)");
        assertThat(rows).as("rows of the cold overload").hasSizeGreaterThanOrEqualTo(3);
        Map<String, List<MarkdownTables.Row>> bySetting = new LinkedHashMap<>();
        for (MarkdownTables.Row row : rows) {
            List<String> lines = StoredFiles.readAllLines(row.linked());
            boolean kernel = row.header().contains("connects the kernel dropped");
            assertThat(lines).as(row.where()).hasSize(kernel ? 4 : 3);
            if (kernel) {
                assertThat(lines.get(3)).as(row.where()).startsWith("kernel during the overload: ")
                        .contains(", " + row.cell("connects the kernel dropped").replace(",", "")
                                + " connects dropped, ");
            }
            assertThat(lines.get(0)).as(row.where()).startsWith("overload: ")
                    .contains("success " + row.cell("served during the overload") + ",");
            assertThat(lines.get(1)).as(row.where()).startsWith("recovery: ")
                    .contains("success " + row.cell("served after") + ",");
            assertThat(lines.get(2)).as(row.where())
                    .startsWith("OutOfMemoryError in the log: " + row.cell("`OutOfMemoryError`") + ";");
            String setting = overloadSetting(row);
            if (setting != null) {
                bySetting.computeIfAbsent(setting, key -> new ArrayList<>()).add(row);
            }
        }
        String evidence = StoredFiles.readString(REAL);
        for (var setting : bySetting.entrySet()) {
            List<MarkdownTables.Row> runs = setting.getValue();
            Spread during = Spread.of(percents(runs, "served during the overload"));
            Spread after = Spread.of(percents(runs, "served after"));
            long outOfHeap = runs.stream().filter(run -> !run.cell("`OutOfMemoryError`").equals("0")).count();
            assertThat(evidence).contains(String.format(Locale.ROOT, "| %s | %d | %.1f%% (%.1f to %.1f%%) | %s | %d |",
                    setting.getKey(), runs.size(), during.median(), during.min(), during.max(), percentRange(after),
                    outOfHeap));
        }
        Spread recommended = Spread.of(percents(bySetting.get(RECOMMENDED), "served during the overload"));
        Spread recommendedAfter = Spread.of(percents(bySetting.get(RECOMMENDED), "served after"));
        assertThat(bySetting.get(RECOMMENDED)).allMatch(run -> run.cell("`OutOfMemoryError`").equals("0"));
        assertThat(recommended.min()).as("the target's 90%").isGreaterThanOrEqualTo(90);
        assertThat(Claims.statement("obs-overload-recommended")).contains(String.format(Locale.ROOT,
                "served at least 90%%: %.1f to %.1f%% during it, %s after, no `OutOfMemoryError` (%d runs)",
                recommended.min(), recommended.max(), percentRange(recommendedAfter),
                bySetting.get(RECOMMENDED).size()));
        Spread bound = Spread.of(percents(bySetting.get(BOUND_ALONE), "served during the overload"));
        assertThat(bound.max()).as("below the target's 90%").isLessThan(90);
        assertThat(Claims.of("obs-overload-bound-alone").verdict()).isEqualTo(String.format(Locale.ROOT,
                "**Does not hold** (%.1f to %.1f%% in %d runs)", bound.min(), bound.max(),
                bySetting.get(BOUND_ALONE).size()));
        List<MarkdownTables.Row> alone = bySetting.get(SWITCH_ALONE);
        Spread switchAlone = Spread.of(percents(alone, "served during the overload"));
        List<MarkdownTables.Row> outage = alone.stream().filter(run -> !run.cell("`OutOfMemoryError`").equals("0"))
                .toList();
        assertThat(outage).as("the switch alone out of heap").hasSize(1);
        assertThat(Claims.statement("obs-overload-switch-alone")).contains(String.format(Locale.ROOT,
                "%.1f to %.1f%% served in %d runs, once out of heap and serving nothing after (%s, then %s)",
                switchAlone.min(), switchAlone.max(), alone.size(), outage.getFirst().cell("served during the overload"),
                outage.getFirst().cell("served after")));
    }

    private static final String RECOMMENDED = "the switch on, the bound, `accept-count=4096` and "
            + "`keep-alive-timeout=1s`: what the report recommends";
    private static final String BOUND_ALONE = "the switch on and a bound, without the keep-alive timeout";
    private static final String SWITCH_ALONE = "the switch on, no bound";

    /**
     * What a cold overload of spring-petclinic extracted ran with, by its folder and label; null for the nested jar's
     * first runs, a service launched otherwise.
     */
    private static String overloadSetting(MarkdownTables.Row row) {
        String folder = row.linked().getParent().getFileName().toString();
        if (row.linked().getParent().getParent().getFileName().toString().equals("set-2")) {
            return null;
        }
        if (folder.equals("overload-platform")) {
            return "platform threads";
        }
        if (folder.equals("overload-virtual")) {
            return SWITCH_ALONE;
        }
        return row.cells().getFirst().contains("keep-alive") ? RECOMMENDED : BOUND_ALONE;
    }

    private static double[] percents(List<MarkdownTables.Row> rows, String column) {
        return rows.stream().mapToDouble(row -> Double.parseDouble(row.cell(column).replace("%", ""))).toArray();
    }

    /** "100.0%" when every run read the same, else "99.4 to 100.0%". */
    private static String percentRange(Spread spread) {
        return spread.min() == spread.max() ? String.format(Locale.ROOT, "%.1f%%", spread.min())
                : String.format(Locale.ROOT, "%.1f to %.1f%%", spread.min(), spread.max());
    }

    /** What a page costs launched one way or another: launch-cost.sh's windows and its profile's share. */
    @Test
    void every_launch_cost_row_is_its_windows_and_profile() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(LAUNCH_COST,
                "\\]\\(([a-z0-9-]+/launch-cost\\.txt)\\)");
        Map<String, String> claimed = new HashMap<>();
        assertThat(rows).as("rows of how it is launched").hasSizeGreaterThanOrEqualTo(2);
        Pattern window = Pattern.compile("^window \\d: .*, success ([0-9.]+)%, .* CPU ([0-9.]+) ms a request$");
        Pattern lookups = Pattern.compile(": (\\d+)%$");
        for (MarkdownTables.Row row : rows) {
            List<String> costs = new ArrayList<>();
            List<String> served = new ArrayList<>();
            String share = null;
            for (String line : StoredFiles.readAllLines(row.linked())) {
                Matcher w = window.matcher(line);
                if (w.find()) {
                    served.add(w.group(1));
                    costs.add(w.group(2));
                }
                Matcher l = lookups.matcher(line);
                if (line.contains("ClassLoader.getResource") && l.find()) {
                    share = l.group(1) + "%";
                }
            }
            assertThat(costs).as(row.where()).hasSize(3);
            assertThat(served).as(row.where()).containsOnly("100.0");
            assertThat(row.cell("the service's CPU a request, ms")).as(row.where())
                    .isEqualTo(String.join(", ", costs));
            assertThat(row.cell("samples looking up the class path")).as(row.where()).isEqualTo(share);
            claimed.put(row.linked().getParent().getFileName().toString(), String.format(Locale.ROOT, "%s to %s ms",
                    min(costs), max(costs)) + "|" + share);
        }
        String[] nested = claimed.get("nested").split("\\|");
        String[] extracted = claimed.get("extracted").split("\\|");
        assertThat(Claims.statement("obs-nested-jar")).contains(String.format(Locale.ROOT, "cost the service %s of CPU a "
                + "request, %s of samples looking up the class path; extracted, %s and %s", nested[0], nested[1],
                extracted[0], extracted[1]));
    }

    /**
     * What each client costs a request beside the service's: client-cost.sh's rounds, and the ratio of the two CPU
     * ceilings the page draws from their means.
     */
    @Test
    void every_client_cost_row_is_its_rounds_and_the_ratio_comes_from_their_means() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(CLIENT_COST, "\\]\\((client-cost\\.txt)\\)");
        assertThat(rows).as("rows of what the load generator costs").hasSize(3);
        Pattern round = Pattern.compile(ROUND + "$");
        List<Double> service = new ArrayList<>();
        Map<String, Double> clientMean = new HashMap<>();
        for (MarkdownTables.Row row : rows) {
            List<Matcher> rounds = threeRounds(row, round);
            assertThat(row.cell("the client's CPU a request, ms, rounds 1 to 3")).as(row.where())
                    .isEqualTo(column(rounds, 2));
            assertThat(row.cell("the service's, ms")).as(row.where()).isEqualTo(column(rounds, 3));
            assertThat(row.cell("the client's p99, ms")).as(row.where()).isEqualTo(column(rounds, 4));
            rounds.forEach(m -> service.add(Double.parseDouble(m.group(3))));
            clientMean.put(rounds.getFirst().group(1), mean(rounds, 2));
        }
        double page = service.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double ours = 2000 / (page + clientMean.get("loadgen-c1"));
        double vegetas = 2000 / (page + clientMean.get("vegeta"));
        assertThat(StoredFiles.readString(CLIENT_COST)).contains(String.format(Locale.ROOT, "(the service %.2f ms a page, "
                        + "ours %.2f, vegeta's %.2f), 2 cores\ngive %.0f req/s against %.0f, **%.2f**", page,
                clientMean.get("loadgen-c1"), clientMean.get("vegeta"), ours, vegetas, ours / vegetas));
        assertThat(Claims.statement("obs-loadgen-cost")).contains(String.format(Locale.ROOT, "ours %.2f ms a request "
                + "against vegeta's %.2f (a ceiling %.2f of vegeta's)", clientMean.get("loadgen-c1"),
                clientMean.get("vegeta"), ours / vegetas));
    }

    /**
     * The same rate from each client in turn on one start (client-cost.sh at a rate near the knee): each row is its
     * rounds' p99s and the service's CPU, and the page counts the rounds each client held within 100 ms.
     */
    @Test
    void every_same_rate_row_is_its_rounds() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(CLIENT_COST,
                "\\]\\((\\.\\./same-rate/client-cost\\.txt)\\)");
        assertThat(rows).as("rows of the same rate from each client").hasSize(3);
        // near the knee a round may fail requests, which ROUND's other rows never did
        Pattern round = Pattern.compile(ROUND.replace(", 0 failed", ", \\d+ failed") + "$");
        Map<String, String> heldRounds = new HashMap<>();
        for (MarkdownTables.Row row : rows) {
            List<Matcher> rounds = threeRounds(row, round);
            assertThat(row.cell("the client's p99, ms, rounds 1 to 3")).as(row.where()).isEqualTo(column(rounds, 4));
            assertThat(row.cell("the service's CPU a request, ms")).as(row.where()).isEqualTo(column(rounds, 3));
            heldRounds.put(rounds.getFirst().group(1), WORDS.get((int) rounds.stream()
                    .filter(m -> Double.parseDouble(m.group(4)) <= 100).count()));
        }
        assertThat(heldRounds.get("loadgen-c1")).as("both of ours held as many rounds")
                .isEqualTo(heldRounds.get("loadgen-c2"));
        assertThat(StoredFiles.readString(CLIENT_COST).replaceAll("\\s+", " ")).contains(String.format(Locale.ROOT,
                "Every client held some rounds within 100 ms and broke others, vegeta's %s of three, each of ours %s",
                heldRounds.get("vegeta"), heldRounds.get("loadgen-c1")));
        assertThat(Claims.statement("obs-same-rate-draw")).contains(String.format(Locale.ROOT,
                "vegeta held %s of three rounds within 100 ms, each of our load generator's builds %s",
                heldRounds.get("vegeta"), heldRounds.get("loadgen-c1")));
    }

    /**
     * The same clients once started and compiled (client-cost.sh with STEADY_FROM): each row is its rounds, whole
     * and read again from then, and the page quotes the means once started.
     */
    @Test
    void every_steady_client_cost_row_is_its_rounds_read_again_once_started() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(CLIENT_COST,
                "\\]\\((\\.\\./client-cost-steady/client-cost\\.txt)\\)");
        assertThat(rows).as("rows of what each client costs once started").hasSize(3);
        Pattern round = Pattern.compile(ROUND + "; from (\\d+) s to (\\d+) s: the client's ([0-9.]+) ms a request, "
                + "the service's ([0-9.]+) ms$");
        Map<String, Double> steadyMean = new HashMap<>();
        for (MarkdownTables.Row row : rows) {
            List<Matcher> rounds = threeRounds(row, round);
            assertThat(row.cell("the client's CPU a request, ms, whole rounds")).as(row.where())
                    .isEqualTo(column(rounds, 2));
            assertThat(row.cell("the client's, ms, once started")).as(row.where()).isEqualTo(column(rounds, 7));
            assertThat(row.cell("the service's, ms, once started")).as(row.where()).isEqualTo(column(rounds, 8));
            assertThat(row.cell("the client's p99, ms")).as(row.where()).isEqualTo(column(rounds, 4));
            steadyMean.put(rounds.getFirst().group(1), mean(rounds, 7));
        }
        assertThat(StoredFiles.readString(CLIENT_COST).replaceAll("\\s+", " ")).contains(String.format(Locale.ROOT,
                "once started, ours cost %.2f ms a request on C1, %.2f on C2 and vegeta %.2f",
                steadyMean.get("loadgen-c1"), steadyMean.get("loadgen-c2"), steadyMean.get("vegeta")));
        assertThat(Claims.statement("obs-loadgen-cost")).contains(String.format(Locale.ROOT,
                "once started, ours %.2f ms on C1, %.2f on C2 and vegeta %.2f",
                steadyMean.get("loadgen-c1"), steadyMean.get("loadgen-c2"), steadyMean.get("vegeta")));
    }

    /**
     * The lines of the client-cost.sh file ROW links that match ROUND for the client its "in the file" cell names,
     * in order: three, one a round.
     */
    private static List<Matcher> threeRounds(MarkdownTables.Row row, Pattern round) throws IOException {
        String client = row.cell("in the file").replace("`", "");
        List<Matcher> found = new ArrayList<>();
        for (String line : StoredFiles.readAllLines(row.linked())) {
            Matcher m = round.matcher(line);
            if (m.find() && m.group(1).equals(client)) {
                found.add(m);
            }
        }
        assertThat(found).as(row.where()).hasSize(3);
        return found;
    }

    /** One figure of each round, as a table cell lists them: "a, b, c". */
    private static String column(List<Matcher> rounds, int group) {
        return String.join(", ", rounds.stream().map(m -> m.group(group)).toList());
    }

    private static double mean(List<Matcher> rounds, int group) {
        return rounds.stream().mapToDouble(m -> Double.parseDouble(m.group(group))).average().orElseThrow();
    }

    @Test
    void every_meters_beside_the_lab_row_is_its_capacity_run() throws IOException {
        List<MarkdownTables.Row> rows = MarkdownTables.rowsLinking(CAPACITY_METERS,
                "\\]\\(((?:\\.\\./capacity-meters[a-z-]*/)?results\\.json)\\)");
        assertThat(rows).as("rows of the meters beside the lab").hasSizeGreaterThanOrEqualTo(4);
        List<Double> meterVsLab = new ArrayList<>();
        for (MarkdownTables.Row row : rows) {
            String mode = row.cells().getFirst().replaceAll("\\[|\\].*", "");
            JsonNode run = null;
            for (JsonNode r : ResultsJson.read(row.linked()).path("runs")) {
                if (r.path("mode").asString().equals(mode) && r.path("flags").asString().equals(row.cell("flags"))) {
                    run = r;
                }
            }
            assertThat(run).as(row.where()).isNotNull();
            JsonNode meters = run.path("meters");
            assertThat(row.cell("lab's prediction req/s")).as(row.where())
                    .isEqualTo(oneDecimal(run.path("predicted").path("rate").asDouble()));
            assertThat(row.cell("meters' prediction req/s")).as(row.where())
                    .isEqualTo(oneDecimal(meters.path("ceiling").path("rate").asDouble()));
            assertThat(row.cell("meters / lab")).as(row.where())
                    .isEqualTo(String.format(Locale.ROOT, "%.3f", meters.path("meterVsLab").asDouble()));
            assertThat(row.cell("meter to watch")).as(row.where()).isEqualTo("`" + meters.path("watch").asString()
                    + "`");
            assertThat(row.cell("at the knee")).as(row.where()).isEqualTo(meters.path("atKnee").asString());
            assertThat(row.cell("binding resource")).as(row.where())
                    .startsWith(run.path("predicted").path("resource").asString().toLowerCase(Locale.ROOT)
                            .replace("jdbc_pool", "JDBC pool").replace('_', ' '));
            meterVsLab.add(meters.path("meterVsLab").asDouble());
        }
        assertThat(Claims.statement("obs-meters-match-lab")).contains(String.format(Locale.ROOT, "the ceiling came to %s "
                + "of the lab's prediction in every pool- and executor-bound run (%d runs", NumberRange.of(meterVsLab,
                "%.3f"), rows.size()));
    }

    /** The cold probe's figures are its recorded output's. */
    @Test
    void the_cold_probe_is_quoted_from_its_output() throws IOException {
        String output = StoredFiles.readString(CommandChecks.root()
                .resolve("docs/results/ceilings-other-service/cold-probe-in-ci.txt"));
        assertThat(output).contains("2.0 /   0.0609 s =      32.9 req/s", "4.0 /   0.0914 s =      43.8 req/s");
        assertThat(PageText.of(OTHER_SERVICE)).contains("(32.9 req/s against the pool's 43.8",
                "came out 0.0914 s for a 0.1 s");
        assertThat(Claims.statement("obs-actuator-json-short-probe")).contains("a 0.1 s query's hold came out 0.0914 s",
                "(32.9 req/s against the pool's 43.8)");
        List<Double> holds = new ArrayList<>();
        for (String search : List.of("run-1", "run-2", "run-3", "actuator-metrics-1")) {
            holds.add(ResultsJson.read(CommandChecks.root().resolve("docs/results/ceilings-other-service/" + search
                    + "/ceilings.json")).path("probe").path("ceilings").get(0).path("holdSeconds").asDouble());
        }
        assertThat(PageText.of(OTHER_SERVICE)).contains("gave " + NumberRange.of(holds, "%.4f") + " s for 0.2 s");
        assertThat(Claims.statement("obs-other-service-pool")).contains("each request holding a connection "
                + NumberRange.of(holds, "%.4f") + " s, a 200 ms query");
    }

    private static double peak(JsonNode seconds, Predicate<String> line) {
        double peak = Double.NEGATIVE_INFINITY;
        for (JsonNode second : seconds) {
            for (var entry : second.path("meters").properties()) {
                if (line.test(entry.getKey())) {
                    peak = Math.max(peak, entry.getValue().asDouble());
                }
            }
        }
        return peak;
    }

    private static String label(String kind) {
        return switch (kind) {
            case "JDBC_POOL" -> "JDBC pool";
            case "REQUEST_THREADS" -> "request threads";
            default -> kind.toLowerCase(Locale.ROOT).replace('_', ' ');
        };
    }

    private static String whole(double value) {
        return String.format(Locale.ROOT, "%.0f", value);
    }

    private static String oneDecimal(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
