package dev.vtlab.lab;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;

import java.util.ArrayList;
import java.util.List;

/**
 * Lab value: where a {@code jdk.VirtualThreadPinned} event happened, in one line a report can group by: the kind
 * of place, then the first frame outside the JDK (the code that was waiting while its thread could not unmount).
 * <ul>
 *   <li>{@code class loading}: loading or initializing a class: a class loader's lock held in a native frame, or
 *       (JDK 24+, which names the reason) a class initializer on the stack or awaited (any JDK, once per class);</li>
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

    /** One frame of the event's stack: the method's class and name. */
    record Frame(String type, String method) {
    }

    private PinnedSite() {
    }

    static String of(RecordedEvent event) {
        List<Frame> frames = new ArrayList<>();
        if (event.getStackTrace() != null) {
            for (RecordedFrame frame : event.getStackTrace().getFrames()) {
                if (frame.isJavaFrame() && frame.getMethod() != null) {
                    frames.add(new Frame(frame.getMethod().getType().getName(), frame.getMethod().getName()));
                }
            }
        }
        return of(event.hasField("pinnedReason") ? event.getString("pinnedReason") : null, frames);
    }

    /**
     * @param pinnedReason the JDK's reason (JDK 24 and newer), or {@code null}
     * @param frames       the Java frames of the stack, innermost first
     */
    static String of(String pinnedReason, List<Frame> frames) {
        if (frames.isEmpty()) {
            return "unknown: no stack trace";
        }
        boolean loadingClass = pinnedReason != null && (pinnedReason.matches("VM call to .*<clinit>.*")
                || pinnedReason.startsWith("Waited for initialization of"));
        for (Frame frame : frames) {
            if (JDK.stream().anyMatch(frame.type()::startsWith)) {
                loadingClass |= frame.method().equals("loadClass");
                continue;
            }
            return (loadingClass ? "class loading" : kind(frame.type())) + ": " + frame.type() + "." + frame.method();
        }
        Frame top = frames.getFirst();
        return (loadingClass ? "class loading" : "JDK") + ": " + top.type() + "." + top.method();
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
