package dev.vtlab.loadgen.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A class histogram of live objects, as the JVM prints it ({@code jcmd <pid> GC.class_histogram}, or a server's
 * {@code POST /lab/jvm/histogram}): instances and bytes per class, and their total, the live heap.
 *
 * @param bytesByClass bytes per class name (without the module), in the histogram's order
 * @param totalBytes   the histogram's total: every live object
 */
public record HeapHistogram(Map<String, Long> bytesByClass, long totalBytes) {

    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+).*$");
    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)\\s*$");

    /** Parses the JVM's text; refuses a text without the total line (not a histogram). */
    public static HeapHistogram parse(String text) {
        Map<String, Long> bytes = new LinkedHashMap<>();
        Long total = null;
        for (String line : text.split("\\R")) {
            Matcher row = ROW.matcher(line);
            Matcher sum = TOTAL.matcher(line.strip());
            if (row.matches()) {
                bytes.merge(row.group(3), Long.parseLong(row.group(2)), Long::sum);
            } else if (sum.matches()) {
                total = Long.parseLong(sum.group(2));
            }
        }
        if (total == null) {
            throw new IllegalArgumentException("not a class histogram (no Total line): "
                    + text.substring(0, Math.min(120, text.length())));
        }
        return new HeapHistogram(bytes, total);
    }

    /**
     * What each of {@code held} requests added to the live heap since {@code atRest}, by class: the {@code top}
     * classes that grew most, then "other classes" for the rest, so that the rows add up to the total.
     */
    public List<Share> growthPerRequest(HeapHistogram atRest, int held, int top) {
        List<Share> grown = new ArrayList<>();
        bytesByClass.forEach((name, bytes) -> grown.add(
                new Share(name, (double) (bytes - atRest.bytesByClass.getOrDefault(name, 0L)) / held)));
        atRest.bytesByClass.forEach((name, bytes) -> {
            if (!bytesByClass.containsKey(name)) {
                grown.add(new Share(name, (double) -bytes / held));
            }
        });
        grown.sort((a, b) -> Double.compare(b.bytes(), a.bytes()));
        List<Share> shares = new ArrayList<>(grown.subList(0, Math.min(top, grown.size())));
        double perRequest = (double) (totalBytes - atRest.totalBytes) / held;
        double listed = shares.stream().mapToDouble(Share::bytes).sum();
        shares.add(new Share("other classes", perRequest - listed));
        return shares;
    }

    /** Bytes per held request for one class. */
    public record Share(String className, double bytes) {
    }
}
