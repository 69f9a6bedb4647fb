package dev.vtlab.loadgen.ceilings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.vtlab.loadgen.capacity.HoldRule;
import dev.vtlab.loadgen.capacity.RateLadder;
import dev.vtlab.loadgen.load.ClientEnvironment;
import dev.vtlab.loadgen.meters.MeterCeiling;

import java.util.List;
import java.util.Locale;
import java.util.Map;

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
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CeilingsResult(String command, String url, String metrics, String format, String started,
                             CeilingSearch.Probe probe, List<CeilingSearch.Step> steps, boolean finished,
                             ClientEnvironment client) {

    /** The lowest ceiling: what the meters predict binds first. */
    public MeterCeiling binding() {
        return probe.ceilings().getFirst();
    }

    /** The highest rate that held, if one did. */
    public Double sustainedRate() {
        var sustained = RateLadder.sustained(steps.stream().map(CeilingSearch.Step::rung).toList());
        return sustained.isPresent() ? sustained.getAsDouble() : null;
    }

    /** Sustained over predicted, when a rate held. */
    public Double ratio() {
        Double sustained = sustainedRate();
        return sustained == null ? null : sustained / binding().rate();
    }

    /** The report, as Markdown: what was found, the meter to watch, and how the search went. */
    public String markdown() {
        StringBuilder md = new StringBuilder("# Ceilings of " + url + "\n\n");
        md.append("Command: `").append(command).append("`  \nMeters: ").append(metrics).append(" (").append(format)
                .append(")  \nStarted: ").append(started).append(" UTC").append(finished ? "" : " (cut short)")
                .append("  \nLoad generator: ").append(client.availableProcessors()).append(" cores, Java ")
                .append(client.javaVersion()).append(", ").append(client.os()).append("\n\n");
        md.append(String.format(Locale.ROOT, "## Little's law from the meters (probe at %s req/s, median %.0f ms,"
                + " %d failed)%n%n", rate(probe.rate()), probe.p50Ms(), probe.failed()));
        md.append("| resource | size | held per request | ceiling | meter to watch |\n|---|---:|---:|---:|---|\n");
        for (MeterCeiling c : probe.ceilings()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %.4f s | %s req/s | `%s` |%n", c.name(),
                    rate(c.size()), c.holdSeconds(), rate(c.rate()), c.watchLine()));
        }
        md.append("\nBinding: **").append(binding().name()).append("**, ").append(rate(binding().rate()))
                .append(" req/s.\n\n## Steps\n\n| offered | completed | p99 | failed | held | `")
                .append(binding().watchLine()).append("` peak | `").append(binding().inUseLine())
                .append("` peak | slowest meter read |\n|---:|---:|---:|---:|---|---:|---:|---:|\n");
        for (Map.Entry<CeilingSearch.Step, String> stepRun : HoldRule.runsInOrder(steps, CeilingSearch.Step::firstRun)) {
            CeilingSearch.Step s = stepRun.getKey();
            md.append(String.format(Locale.ROOT, "| %s | %.1f | %.0f ms | %d | %s | %s | %s | %s |%n",
                    rate(s.offeredRate()), s.completionRate(), s.p99Ms(), s.failed(), (s.held() ? "yes"
                            : "no: " + String.join(", ", s.broken())) + stepRun.getValue(), count(s.watchPeak()),
                    count(s.inUsePeak()),
                    s.meterReadMaxMs() == null ? "-" : String.format(Locale.ROOT, "%.0f ms", s.meterReadMaxMs())));
        }
        Double sustained = sustainedRate();
        md.append("\n").append(sustained == null ? "No step held."
                : String.format(Locale.ROOT, "Sustained %s req/s; predicted from the meters %s req/s (%s): "
                        + "measured / predicted %.2f.", rate(sustained), rate(binding().rate()), binding().name(),
                ratio())).append("\n");
        return md.toString();
    }

    /** Whole requests per second from 100 up, tenths below. */
    public static String rate(double rate) {
        return rate >= 100 ? String.format(Locale.ROOT, "%,.0f", rate) : String.format(Locale.ROOT, "%.1f", rate);
    }

    private static String count(Double value) {
        return value == null ? "-" : value == Math.rint(value) ? String.valueOf(value.longValue())
                : String.format(Locale.ROOT, "%.2f", value);
    }
}
