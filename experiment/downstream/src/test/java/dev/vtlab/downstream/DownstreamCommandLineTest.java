package dev.vtlab.downstream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** A bad command line: one line naming what is wrong and where the usage is, and exit 2; nothing starts. */
class DownstreamCommandLineTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "visit-store --port 70000|--port must be between 0 and 65535, was 70000",
            "visit-store --count-delay 2m|must be at most 60s",
            "visit-store --fault melting|unknown --fault 'melting'",
            "database --stats-port -1|--port and --stats-port must be between 0 and 65535, was -1",
            "database --url jdbc:mysql://x/y|--url must be a jdbc:postgresql:// (or jdbc:h2:) URL",
            "bake|Unmatched argument at index 0: 'bake'"})
    void a_bad_command_line_is_one_line_and_exit_2(String args, String message) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Downstream.execute(args.split(" "));
        } finally {
            System.setErr(err);
        }
        String printed = captured.toString(StandardCharsets.UTF_8);
        assertThat(code).isEqualTo(2);
        assertThat(printed).contains(message).contains("--help'");
        assertThat(printed.strip().lines()).hasSize(1);
    }
}
