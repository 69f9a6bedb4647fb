package dev.vtlab.bootstrap;

import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.settings.FanOutKind;
import dev.vtlab.settings.InvalidSettingException;
import dev.vtlab.settings.VtlabSettings;

import java.time.Duration;
import java.util.concurrent.ThreadFactory;

/**
 * The structured fan-out ({@code vtlab.fan-out=structured}), loaded by name when it is chosen: its class
 * ({@code StructuredReads}, module adapters-structured) is JDK 25 bytecode with preview features, which this module,
 * Java 21 bytecode, cannot name, and which runs only on a JDK 25 started with {@code --enable-preview}. Where it
 * cannot run, start-up stops naming {@value VtlabSettings#FAN_OUT} and what it needs, as for any bad setting.
 */
final class StructuredFanOut {

    /** The adapter's class, named as text: the compiler of this module (release 21) cannot read it. */
    static final String ADAPTER = "dev.vtlab.adapters.out.fanout.structured.StructuredReads";
    /** The one release whose preview API the adapter was compiled against. */
    static final int RELEASE = 25;

    private StructuredFanOut() {
    }

    /** The adapter on this JVM, or start-up stopped naming the key (the checks below, on the running JDK). */
    static IndependentReads load(ThreadFactory threads, Duration deadline, String requestIdKey) {
        return load(Runtime.version(), ADAPTER, threads, deadline, requestIdKey);
    }

    /**
     * The class {@code adapter} made with its thread factory, deadline and request id key, if {@code running} is a
     * JDK 25, the class is in this build, and the JVM runs its preview features; else an
     * {@link InvalidSettingException} naming {@value VtlabSettings#FAN_OUT} and which of the three is missing.
     */
    static IndependentReads load(Runtime.Version running, String adapter, ThreadFactory threads, Duration deadline,
                                 String requestIdKey) {
        if (running.feature() != RELEASE) {
            throw refused("this is JDK " + running.feature());
        }
        Class<?> type;
        try {
            type = Class.forName(adapter, true, StructuredFanOut.class.getClassLoader());
        } catch (UnsupportedClassVersionError previewOff) { // "Preview features are not enabled for ..."
            throw refused("this JDK " + RELEASE + " was started without --enable-preview");
        } catch (ClassNotFoundException | NoClassDefFoundError notBuilt) {
            throw refused("this server was built without it (no JDK " + RELEASE
                    + " found at build time, or -Dvtlab.structured=false)");
        }
        try {
            return (IndependentReads) type.getConstructor(ThreadFactory.class, Duration.class, String.class)
                    .newInstance(threads, deadline, requestIdKey);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make " + adapter, e);
        }
    }

    private static InvalidSettingException refused(String why) {
        String way = FanOutKind.STRUCTURED.label();
        return new InvalidSettingException(VtlabSettings.FAN_OUT, "Invalid value '" + way + "' for "
                + VtlabSettings.FAN_OUT + ": " + way + " needs JDK " + RELEASE + " started with --enable-preview "
                + "(java --enable-preview -jar vtlab-server.jar --" + VtlabSettings.FAN_OUT + "=" + way + "); " + why
                + ".");
    }
}
