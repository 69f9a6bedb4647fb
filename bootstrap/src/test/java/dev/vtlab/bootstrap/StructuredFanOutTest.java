package dev.vtlab.bootstrap;

import dev.vtlab.adapters.in.web.FanOutController;
import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.application.port.out.IndependentReads.Answers;
import dev.vtlab.application.port.out.IndependentReads.Read;
import dev.vtlab.settings.InvalidSettingException;
import dev.vtlab.settings.VtlabSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * How the composition root loads {@code vtlab.fan-out=structured}: on this module's test JVM (the build's JDK 25, with
 * preview features on) it runs; on another JDK, or where the class is not in the build, start-up is refused naming
 * the key and what it needs. A JDK 25 without --enable-preview is refused too: the load generator's
 * StructuredNeedsPreviewTest starts the server jar so.
 */
class StructuredFanOutTest {

    private static final ThreadFactory THREADS = Thread.ofVirtual().name("structured-test-", 0).factory();
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private static IndependentReads loadedOn(String version, String adapter) {
        return StructuredFanOut.load(Runtime.Version.parse(version), adapter, THREADS, DEADLINE,
                FanOutController.REQUEST_ID_KEY);
    }

    @ParameterizedTest
    @ValueSource(strings = {"21.0.8", "24", "26"})
    void on_any_jdk_but_25_it_is_refused_naming_the_key_the_jdk_and_the_flag(String version) {
        InvalidSettingException refused = catchThrowableOfType(InvalidSettingException.class,
                () -> loadedOn(version, StructuredFanOut.ADAPTER));

        assertThat(refused.key()).isEqualTo(VtlabSettings.FAN_OUT);
        assertThat(refused).hasMessageContaining("Invalid value 'structured' for vtlab.fan-out")
                .hasMessageContaining("structured needs JDK 25 started with --enable-preview")
                .hasMessageContaining("this is JDK " + Runtime.Version.parse(version).feature());
    }

    @Test
    void a_build_without_the_module_is_refused_naming_the_key_and_the_build_switch() {
        InvalidSettingException refused = catchThrowableOfType(InvalidSettingException.class,
                () -> loadedOn("25.0.3", StructuredFanOut.ADAPTER + "Missing"));

        assertThat(refused.key()).isEqualTo(VtlabSettings.FAN_OUT);
        assertThat(refused).hasMessageContaining(
                "built without it (no JDK 25 found at build time, or -Dvtlab.structured=false)");
    }

    /**
     * Whether this build has the adapter (adapters-structured, compiled where the build found a JDK 25 and not left
     * out with {@code -Dvtlab.structured=false}) and this JVM can run it: the build's JDK 25, with this module's
     * {@code --enable-preview}. The reason, when not, for the tests that run it.
     */
    static String whyItCannotRunHere() {
        if (StructuredFanOut.class.getClassLoader().getResource(
                StructuredFanOut.ADAPTER.replace('.', '/') + ".class") == null) {
            return "this build has no structured adapter (no JDK 25 found at build time, or -Dvtlab.structured=false)";
        }
        if (Runtime.version().feature() != StructuredFanOut.RELEASE) {
            return "the tests run on JDK " + Runtime.version().feature() + ", not 25";
        }
        return null;
    }

    @Test
    void on_this_jdk_25_with_preview_features_it_loads_and_answers_on_the_factorys_threads() {
        assumeTrue(whyItCannotRunHere() == null, whyItCannotRunHere());
        IndependentReads structured = StructuredFanOut.load(THREADS, DEADLINE, FanOutController.REQUEST_ID_KEY);
        Read<String> read = new Read<>("a", () -> Thread.currentThread().getName());

        Answers answers = structured.readAll(List.of(read));

        assertThat(structured.getClass().getName()).isEqualTo(StructuredFanOut.ADAPTER);
        assertThat(answers.of(read)).startsWith("structured-test-");
    }
}
