package dev.vtlab.fundamentals.cli;

import java.util.List;
import java.util.Locale;

/**
 * Everything one run measured, and where: written as results.json, and as a table in results.md.
 *
 * @param mode       quick, full or smoke
 * @param jdkVersion the JDK measured
 * @param jdkHome    its home
 * @param cores      cores this machine gave the JVM
 * @param os         operating system and architecture
 * @param command    how it was started
 * @param started    when
 * @param seconds    how long it took
 * @param rows       every figure
 */
public record Results(String mode, String jdkVersion, String jdkHome, int cores, String os, String command,
                      String started, long seconds, List<Row> rows) {

    String markdown() {
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "# vtlab fundamentals, %s mode, JDK %s%n%n"
                        + "Command: `%s`. %d cores, %s, started %s, took %d s. Error: JMH's 99.9%% confidence "
                        + "half-width for the JMH benchmarks (creation, switching, cpu); half the range of the "
                        + "repeats for the probes (0 for one repeat).%n%n| benchmark | measure | kind | value | error "
                        + "| unit |%n| --- | --- | --- | --- | --- | --- |%n", mode, jdkVersion, command, cores, os,
                started, seconds));
        for (Row row : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %.2f | %.2f | %s |%n", row.benchmark(),
                    row.measure(), row.kind(), row.value(), row.error(), row.unit()));
        }
        return md.toString();
    }
}
