package dev.vtlab.loadgen.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class HeapHistogramTest {

    private static final String AT_REST = """
            12345:
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:         1000         100000  [B (java.base@25.0.3)
               2:           10          20000  [C (java.base@25.0.3)
               3:            5            500  java.lang.Thread (java.base@25.0.3)
            Total         1015         120500
            """;

    private static final String HELD = """
            12345:
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:         3000         300000  [B (java.base@25.0.3)
               2:          110         220000  [C (java.base@25.0.3)
               3:          100          60000  jdk.internal.vm.StackChunk (java.base@25.0.3)
               4:          100           4000  org.apache.coyote.Request
            Total         3310         584000
            """;

    @Test
    void reads_bytes_per_class_and_the_total() {
        HeapHistogram histogram = HeapHistogram.parse(HELD);

        assertThat(histogram.totalBytes()).isEqualTo(584000);
        assertThat(histogram.bytesByClass()).containsEntry("[B", 300000L)
                .containsEntry("org.apache.coyote.Request", 4000L).hasSize(4);
    }

    @Test
    void the_growth_per_held_request_lists_the_largest_classes_and_adds_up_to_the_total() {
        List<HeapHistogram.Share> shares = HeapHistogram.parse(HELD).growthPerRequest(HeapHistogram.parse(AT_REST),
                100, 2);

        assertThat(shares).extracting(HeapHistogram.Share::className)
                .containsExactly("[B", "[C", "other classes");
        assertThat(shares.get(0).bytes()).isEqualTo(2000.0);
        assertThat(shares.get(1).bytes()).isEqualTo(2000.0);
        // StackChunk 600 + Request 40 - Thread 5 (gone from the second histogram)
        assertThat(shares.get(2).bytes()).isCloseTo(635.0, within(1e-9));
        assertThat(shares.stream().mapToDouble(HeapHistogram.Share::bytes).sum())
                .isCloseTo((584000 - 120500) / 100.0, within(1e-9));
    }

    @Test
    void a_text_without_a_total_is_not_a_histogram() {
        assertThatThrownBy(() -> HeapHistogram.parse("<html>Whitelabel Error Page</html>"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a class histogram");
    }
}
