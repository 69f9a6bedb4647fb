package dev.vtlab.adapters.lab;

import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

import java.util.List;

/**
 * Lab value: where a {@code jdk.VirtualThreadPinned} event happened, in one line a report can group by: the kind
 * of place, then the first frame outside the JDK (the code that was waiting while its thread could not unmount).
 * <ul>
 *   <li>{@code class loading}: a class loader's lock held in a native frame (any JDK, once per class);</li>
 *   <li>{@code driver}: a JDBC driver (H2, PostgreSQL, MySQL);</li>
 *   <li>{@code pool}: HikariCP;</li>
 *   <li>{@code vtlab}: this project's own code (the sleepy adapter's {@code synchronized} guard);</li>
 *   <li>{@code library}: anything else outside the JDK;</li>
 *   <li>{@code JDK}: no frame outside the JDK.</li>
 * </ul>
 * e.g. {@code driver: org.h2.engine.SessionRemote.done}.
 */
final class PinnedSite {

    private static final List<String> JDK = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
    private static final List<String> DRIVERS = List.of("org.h2.", "org.postgresql.", "com.mysql.");

    private PinnedSite() {
    }

    static String of(RecordedStackTrace stack) {
        if (stack == null || stack.getFrames().isEmpty()) {
            return "unknown: no stack trace";
        }
        boolean loadingClass = false;
        for (RecordedFrame frame : stack.getFrames()) {
            if (!frame.isJavaFrame() || frame.getMethod() == null) {
                continue;
            }
            String type = frame.getMethod().getType().getName();
            String where = type + "." + frame.getMethod().getName();
            if (JDK.stream().anyMatch(type::startsWith)) {
                loadingClass |= frame.getMethod().getName().equals("loadClass");
                continue;
            }
            return (loadingClass ? "class loading" : kind(type)) + ": " + where;
        }
        RecordedFrame top = stack.getFrames().getFirst();
        return (loadingClass ? "class loading" : "JDK") + ": " + (top.getMethod() == null ? "?"
                : top.getMethod().getType().getName() + "." + top.getMethod().getName());
    }

    private static String kind(String type) {
        if (DRIVERS.stream().anyMatch(type::startsWith)) {
            return "driver";
        }
        if (type.startsWith("com.zaxxer.hikari.")) {
            return "pool";
        }
        return type.startsWith("dev.vtlab.") ? "vtlab" : "library";
    }
}
