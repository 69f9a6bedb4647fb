package dev.vtlab.loadgen.ceilings;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.capacity.RateLadder;
import dev.vtlab.loadgen.load.ClientEnvironment;
import dev.vtlab.loadgen.load.Spread;
import dev.vtlab.loadgen.meters.ReadableFigures;
import dev.vtlab.loadgen.meters.MeterCeiling;
import dev.vtlab.loadgen.meters.ServiceSettings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a ceilings search found, as {@code ceilings.json} holds it and {@code ceilings.md} shows it: written after
 * the probe and after every step, so that a search cut short keeps what it measured ({@code finished} false).
 *
 * @param command     the command line, credentials hidden
 * @param url         the page offered the load
 * @param metrics     where the meters were read
 * @param format      PROMETHEUS or ACTUATOR
 * @param started     when the search began (UTC, to the second)
 * @param probe       the probe and the ceilings its meters showed
 * @param steps       the steps that ran, in order
 * @param finished    whether the search ran to its end
 * @param client      where the load generator ran
 * @param cpuCost     where the prediction takes the CPU a request costs from ({@code null} in reports written
 *                    before 2026-11-28: {@link CpuCost#HIGHEST_HELD_STEP})
 * @param beside      an earlier search to set beside this one in the report (the same service with the other
 *                    setting of Boot's switch), {@code null} when none; not kept in the JSON
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CeilingsResult(String command, String url, String metrics, String format, String started,
                             CeilingSearch.Probe probe, List<CeilingSearch.Step> steps, boolean finished,
                             ClientEnvironment client, CpuCost cpuCost, @JsonIgnore CeilingsResult beside) {

    /** Where the prediction takes the CPU a request costs from. */
    public enum CpuCost {
        /** The highest step that held, alone: how reports written before 2026-11-28 predicted. */
        HIGHEST_HELD_STEP,
        /**
         * The median over every run of the steps, held or not: the highest step that held is often the run whose
         * requests happened to cost least (a step holds partly because its 15 s cost little), and on
         * spring-petclinic the CPU a request cost moved by a fifth from one run to the next; in 27 of 33 searches
         * the highest step that held cost less than the median of their runs (claim obs-cpu-median-of-runs in
         * docs/claims.md).
         */
        MEDIAN_OF_STEP_RUNS
    }

    /** The lowest ceiling the probe showed: what the meters predict binds first, before the steps. */
    public MeterCeiling binding() {
        return probe.ceilings().getFirst();
    }

    /**
     * The ceilings as the search measured them last: those of the highest rate that held, where its meters were
     * read (the CPU a request costs falls as the JIT warms, and rises with the collector's work at higher rates),
     * else the probe's; with {@link CpuCost#MEDIAN_OF_STEP_RUNS}, the CPU's with what a request cost it over every
     * run of the steps.
     */
    @JsonIgnore
    public List<MeterCeiling> refinedCeilings() {
        return highestMeasuredStep().map(highest -> cpuCost == CpuCost.MEDIAN_OF_STEP_RUNS
                ? highest.ceilings().stream().map(c -> c.kind() == MeterCeiling.Kind.CPU ? overTheRuns(c) : c)
                        .sorted(Comparator.comparingDouble(MeterCeiling::rate)).toList()
                : highest.ceilings()).orElse(probe.ceilings());
    }

    /** {@code cpu}, the highest step's CPU ceiling, holding each request for the median over every step's runs. */
    private MeterCeiling overTheRuns(MeterCeiling cpu) {
        double[] costs = HoldRule.runsInOrder(steps, CeilingSearch.Step::firstRun).stream()
                .map(run -> run.getKey().cpuMsPerRequest()).filter(Objects::nonNull).mapToDouble(Double::doubleValue)
                .toArray();
        return new MeterCeiling(cpu.kind(), cpu.key(), cpu.size(), Spread.of(costs).median() / 1000, cpu.watch(),
                cpu.inUse(), String.format(Locale.ROOT, "%s; held: the median of the CPU a request cost in the "
                        + "steps' %d runs (%s in this step's)", cpu.from(), costs.length,
                ReadableFigures.millis(cpu.holdSeconds() * 1000)));
    }

    /** The highest step that held with its ceilings measured, whose ceilings refine the probe's. */
    private Optional<CeilingSearch.Step> highestMeasuredStep() {
        return steps.stream().filter(s -> s.held() && s.ceilings() != null && !s.ceilings().isEmpty())
                .max(Comparator.comparingDouble(CeilingSearch.Step::offeredRate));
    }

    /** The lowest of {@link #refinedCeilings()}: the prediction the sustained rate is set against. */
    @JsonProperty("predicted")
    public MeterCeiling predicted() {
        return refinedCeilings().getFirst();
    }

    /** What Boot's virtual-thread switch would do to this service, from what the search measured. */
    @JsonProperty("virtualThreads")
    public VirtualThreadsAnswer virtualThreads() {
        List<CeilingSearch.HeapPoint> points = new ArrayList<>();
        if (probe.windows() != null) {
            probe.windows().stream().map(CeilingSearch.Window::heap).filter(Objects::nonNull)
                    .forEach(points::add);
        }
        steps.stream().map(CeilingSearch.Step::heap).filter(Objects::nonNull).forEach(points::add);
        double measuredAt = highestMeasuredStep().map(CeilingSearch.Step::offeredRate).orElse(probe.rate());
        Double firstCpuMs = probe.windows() == null || probe.windows().isEmpty() ? null
                : probe.windows().getFirst().cpuMsPerRequest();
        return VirtualThreadsAnswer.of(probe.atRest(), refinedCeilings(), measuredAt, firstCpuMs, points);
    }

    /** The highest rate that held, if one did. */
    public Double sustainedRate() {
        var sustained = RateLadder.sustained(steps.stream().map(CeilingSearch.Step::rung).toList());
        return sustained.isPresent() ? sustained.getAsDouble() : null;
    }

    /** Sustained over predicted ({@link #predicted}), when a rate held. */
    public Double ratio() {
        Double sustained = sustainedRate();
        return sustained == null ? null : sustained / predicted().rate();
    }

    /** Sustained over the probe's prediction alone, when a rate held. */
    public Double probeRatio() {
        Double sustained = sustainedRate();
        return sustained == null ? null : sustained / binding().rate();
    }

    /** The report, as Markdown: what was found, the meter to watch, how the search went, and the switch's answer. */
    public String markdown() {
        StringBuilder md = new StringBuilder("# Ceilings of " + url + "\n\n");
        md.append("Command: `").append(command).append("`  \nMeters: ").append(metrics).append(" (").append(format)
                .append(")  \nStarted: ").append(started).append(" UTC").append(finished ? "" : " (cut short)")
                .append("  \nLoad generator: ").append(client.availableProcessors()).append(" cores, Java ")
                .append(client.javaVersion()).append(", ").append(client.os()).append("\n\n");
        CeilingSearch.AtRest atRest = probe.atRest();
        if (atRest != null) {
            md.append("## The service at rest\n\n").append(String.format(Locale.ROOT, "Its process used %s cores "
                            + "with no request (collector, JIT, timers, the meter reads): taken out of what a request "
                            + "costs%s. Heap in use %s MB of %s MB. Web server: %s.%n%n",
                    ReadableFigures.count(atRest.idleCores()), probe.restAfter() == null ? "" : String.format(
                            Locale.ROOT, " in the probe's windows; %s cores after the probe, taken out in the steps'",
                            ReadableFigures.count(probe.restAfter())),
                    mb(atRest.heapUsedBytes()), mb(atRest.heapMaxBytes()),
                    atRest.webServer() == null ? "not told by the meters" : atRest.webServer()));
            if (atRest.settings() != null) {
                for (ServiceSettings.Setting setting : List.of(atRest.settings().tomcatThreads(),
                        atRest.settings().virtualThreads())) {
                    md.append("- `").append(setting.key()).append("` = ").append(setting.value()).append(" (")
                            .append(setting.from()).append(")\n");
                }
                md.append("\n");
            }
        }
        if (probe.windows() != null) {
            md.append("## The probe, window by window\n\n| offered | median | failed | CPU a request | of it the load "
                    + "generator's | in flight | least heap in use | lowest ceiling |\n"
                    + "|---:|---:|---:|---:|---:|---:|---:|---|\n");
            for (CeilingSearch.Window w : probe.windows()) {
                String lowest = w.unread() ? "none: the meters answered " + w.meterReads() + " read(s)"
                        : w.ceilings().getFirst().name() + " at " + rate(w.ceilings().getFirst().rate()) + " req/s";
                md.append(String.format(Locale.ROOT, "| %s req/s | %s | %d | %s | %s | %s | %s | %s |%n",
                        rate(w.rate()), ReadableFigures.millis(w.p50Ms()), w.failed(), w.cpuMsPerRequest() == null ? "-"
                                : ReadableFigures.millis(w.cpuMsPerRequest()), w.clientCpuMsPerRequest() == null ? "-"
                                : ReadableFigures.millis(w.clientCpuMsPerRequest()), inFlight(w.heap()),
                        heapUsed(w.heap()), lowest));
            }
            md.append("\n").append(probe.serviceGone() ? "**The service stopped answering** in the probe's last "
                    + "window: no step ran."
                    : Boolean.TRUE.equals(probe.settled()) ? "The CPU a request costs settled."
                    : "**The CPU a request costs did not settle** within the probe's time: the service was still "
                    + "warming (its JIT), and the prediction is from a service not yet warm.").append("\n\n");
        }
        md.append(String.format(Locale.ROOT, "## Little's law from the meters (probe at %s req/s, median %s,"
                + " %d failed)%n%n", rate(probe.rate()), ReadableFigures.millis(probe.p50Ms()), probe.failed()));
        ceilingTable(md, probe.ceilings());
        boolean oneMeter = oneMeter(binding());
        md.append("\nBinding: **").append(binding().name()).append("**, ").append(rate(binding().rate()))
                .append(" req/s.\n\n");
        heapBound().ifPresent(text -> md.append(text).append("\n\n"));
        md.append("## Steps\n\n| offered | completed | p99 | failed | held | `")
                .append(binding().watchLine()).append(oneMeter ? "" : "` peak | `" + binding().inUseLine())
                .append("` peak | in flight | least heap in use | lowest ceiling measured | slowest meter read |\n"
                        + "|---:|---:|---:|---:|---|---:|").append(oneMeter ? "" : "---:|")
                .append("---:|---:|---|---:|\n");
        for (Map.Entry<CeilingSearch.Step, String> stepRun : HoldRule.runsInOrder(steps, CeilingSearch.Step::firstRun)) {
            CeilingSearch.Step s = stepRun.getKey();
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %s | %s | %s | %s | %s | %s |%n",
                    rate(s.offeredRate()), rate(s.completionRate()), ReadableFigures.millis(s.p99Ms()), s.failed(),
                    (s.held() ? "yes" : "no: " + String.join(", ", s.broken())) + stepRun.getValue()
                            + CeilingSearch.staleBreakNote(steps, s),
                    ReadableFigures.count(s.watchPeak()) + (oneMeter ? ""
                            : " | " + ReadableFigures.count(s.inUsePeak())), inFlight(s.heap()),
                    heapUsed(s.heap()), s.ceilings() == null
                            || s.ceilings().isEmpty() ? "-" : s.ceilings().getFirst().name() + " at "
                            + rate(s.ceilings().getFirst().rate()) + " req/s",
                    s.meterReadMaxMs() == null ? "-" : ReadableFigures.millis(s.meterReadMaxMs())));
        }
        highestMeasuredStep().ifPresent(highest -> {
            md.append(String.format(Locale.ROOT, "%n## Little's law at the highest rate that held (%s req/s)%n%n",
                    rate(highest.offeredRate())));
            ceilingTable(md, refinedCeilings());
        });
        md.append("\n").append(verdict()).append("\n");
        if (probe.atRest() != null) {
            md.append("\n## With virtual threads\n\n");
            virtualThreads().lines().forEach(line -> md.append(line).append("\n\n"));
        }
        if (beside != null) {
            md.append(besideTable(beside));
        }
        return md.toString();
    }

    /**
     * Why the steps kept to the heap's safe count of requests in flight, and what that stands for; empty when the
     * probe found no ceiling of the heap ({@link HeapCeiling}).
     */
    @JsonIgnore
    public Optional<String> heapBound() {
        return HeapCeiling.in(probe.ceilings()).map(this::heapBoundText);
    }

    private String heapBoundText(MeterCeiling heap) {
        String boundKey = virtualThreads().boundKey();
        return String.format(Locale.ROOT, "No request threads bound the requests in flight: the steps kept at most "
                + "%s in flight at once, what the heap holds with half of it left for garbage as the probe's windows "
                + "measured it (the answer below measures it again over the steps too), as %s would; a rate "
                + "that needs more waited in the load generator, and its step broke on its latency, where without a "
                + "bound it would have run the service out of heap.", ReadableFigures.count(heap.size()),
                boundKey == null ? "a bound on the web server's connections"
                        : "`" + boundKey + "=" + Math.round(heap.size()) + "`");
    }

    /** The search's answer in one sentence: the rate sustained beside the predictions. */
    public String verdict() {
        Double goneAt = probe.serviceGone() ? (Double) probe.windows().getLast().rate()
                : !steps.isEmpty() && steps.getLast().serviceGone() ? (Double) steps.getLast().offeredRate() : null;
        String gone = goneAt == null ? "" : String.format(Locale.ROOT, "The service stopped answering (every request "
                + "failed, its meters measured none) at %s req/s%s: the search stopped there. ", rate(goneAt),
                probe.serviceGone() ? ", in the probe" : "");
        return gone + answer();
    }

    private String answer() {
        Double sustained = sustainedRate();
        if (sustained == null) {
            return "No step held.";
        }
        String answer = String.format(Locale.ROOT, "Sustained %s req/s; predicted from the meters %s req/s (%s): "
                + "measured / predicted %.2f.", rate(sustained), rate(predicted().rate()), predicted().name(), ratio());
        return predicted() == binding() ? answer : answer + String.format(Locale.ROOT, " The probe alone predicted "
                + "%s req/s (%s): %.2f.", rate(binding().rate()), binding().name(), probeRatio());
    }

    private static void ceilingTable(StringBuilder md, List<MeterCeiling> ceilings) {
        md.append("| resource | size | held per request | ceiling | with virtual threads | meter to watch | from |\n"
                + "|---|---:|---:|---:|---|---|---|\n");
        for (MeterCeiling c : ceilings) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s req/s | %s | `%s` | %s |%n", c.name(),
                    ReadableFigures.count(c.size()), ReadableFigures.millis(c.holdSeconds() * 1000), rate(c.rate()),
                    c.withVirtualThreads(), c.watchLine(), c.from() == null ? "-" : c.from()));
        }
    }

    /** This search and {@code other}, side by side: the same service with the switch off and on. */
    private String besideTable(CeilingsResult other) {
        StringBuilder md = new StringBuilder("\n## Beside the search of " + other.started() + " UTC\n\n"
                + "| | this search | that search |\n|---|---|---|\n");
        md.append("| page | ").append(url).append(" | ").append(other.url()).append(" |\n");
        md.append("| spring.threads.virtual.enabled | ").append(switchSetting(this)).append(" | ")
                .append(switchSetting(other)).append(" |\n");
        md.append("| binding, as measured | ").append(predicted().name()).append(" at ")
                .append(rate(predicted().rate())).append(" req/s | ").append(other.predicted().name()).append(" at ")
                .append(rate(other.predicted().rate())).append(" req/s |\n");
        md.append("| sustained | ").append(sustainedText(this)).append(" | ").append(sustainedText(other))
                .append(" |\n");
        md.append("| predicted with virtual threads | ").append(nextText(this)).append(" | ").append(nextText(other))
                .append(" |\n");
        return md.toString();
    }

    private static String switchSetting(CeilingsResult result) {
        return result.probe().atRest() == null || result.probe().atRest().settings() == null ? "unknown"
                : result.probe().atRest().settings().virtualThreads().value();
    }

    private static String sustainedText(CeilingsResult result) {
        return result.sustainedRate() == null ? "no step held" : rate(result.sustainedRate()) + " req/s";
    }

    private static String nextText(CeilingsResult result) {
        VirtualThreadsAnswer answer = result.virtualThreads();
        MeterCeiling next = answer.nextCeiling();
        return answer.heapBindsFirst() ? "heap at " + rate(answer.heapRate()) + " req/s, with the bound"
                : next == null ? "no other ceiling" : next.name() + " at " + rate(next.rate()) + " req/s";
    }

    /**
     * A step's peaks of the binding resource's two meters, the one to watch and the one that counts what is in use,
     * or of the one meter when they are the same (the request threads without Tomcat's meters, the CPU).
     */
    public static String peaks(MeterCeiling binding, CeilingSearch.Step step) {
        String watch = binding.watchLine() + " " + ReadableFigures.count(step.watchPeak());
        return oneMeter(binding) ? watch
                : watch + ", " + binding.inUseLine() + " " + ReadableFigures.count(step.inUsePeak());
    }

    private static boolean oneMeter(MeterCeiling binding) {
        return binding.watchLine().equals(binding.inUseLine());
    }

    private static String inFlight(CeilingSearch.HeapPoint heap) {
        return heap == null ? "-" : ReadableFigures.count(heap.inFlight());
    }

    private static String heapUsed(CeilingSearch.HeapPoint heap) {
        return heap == null ? "-" : mb(heap.heapUsedBytes()) + " MB";
    }

    private static String mb(Double bytes) {
        return bytes == null ? "-" : ReadableFigures.count((double) Math.round(bytes / (1 << 20)));
    }

    /** Whole requests per second from 100 up, tenths below. */
    public static String rate(double rate) {
        return ReadableFigures.rate(rate);
    }
}
