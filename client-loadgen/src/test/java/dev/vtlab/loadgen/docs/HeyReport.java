package dev.vtlab.loadgen.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test helper: what the docs quote from one hey burst, read once from hey's report as the scripts under
 * docs/results save it.
 *
 * @param p99Ms  the 99th percentile of the latency distribution
 * @param ok     answers with status 200 or 201
 */
record HeyReport(double p99Ms, long ok) {

    /** hey v0.1.5 prints its percentiles with a doubled percent sign ({@code 99%% in 2.6124 secs}). */
    private static final Pattern P99 = Pattern.compile("(?m)^\\s*99%+ in ([\\d.]+) secs$");
    private static final Pattern STATUS = Pattern.compile("(?m)^\\s*\\[(20[01])]\\s+(\\d+) responses$");

    static HeyReport read(Path report) throws IOException {
        String text = Files.readString(report);
        Matcher p99 = P99.matcher(text);
        if (!p99.find()) {
            throw new AssertionError(report + ": no '99% in ... secs' line");
        }
        long ok = 0;
        Matcher status = STATUS.matcher(text);
        while (status.find()) {
            ok += Long.parseLong(status.group(2));
        }
        return new HeyReport(Double.parseDouble(p99.group(1)) * 1000, ok);
    }

    /**
     * hey's whole process's CPU, user + system, from the file /usr/bin/time wrote beside its report ({@code -f "%U
     * %S"}): the last line, since /usr/bin/time writes "Command exited with non-zero status N" before it when hey
     * fails.
     */
    static double cpuMs(Path timeOutput) throws IOException {
        List<String> lines = Files.readAllLines(timeOutput);
        String[] seconds = lines.getLast().strip().split("\\s+");
        return (Double.parseDouble(seconds[0]) + Double.parseDouble(seconds[1])) * 1000;
    }
}
