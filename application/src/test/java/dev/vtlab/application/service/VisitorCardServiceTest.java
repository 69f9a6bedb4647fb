package dev.vtlab.application.service;

import dev.vtlab.application.port.in.ShowVisitorCardUseCase.ShownCard;
import dev.vtlab.application.port.out.BranchRun;
import dev.vtlab.application.port.out.BranchTimedOutException;
import dev.vtlab.application.port.out.IndependentReads;
import dev.vtlab.domain.VisitorName;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The card's use case over a fake fan-out: it declares the three reads together and builds the card from them. */
class VisitorCardServiceTest {

    private static final Instant LAST = Instant.parse("2026-11-20T10:15:30Z");
    private static final VisitorName ADA = new VisitorName("Ada");

    /** Runs the reads in the order given, on the caller's thread, and notes what it was handed. */
    private static final class FakeFanOut implements IndependentReads {
        final List<List<String>> calls = new ArrayList<>();

        @Override
        public Answers readAll(List<Read<?>> reads) {
            calls.add(reads.stream().map(Read::branch).toList());
            Map<String, Object> values = new LinkedHashMap<>();
            List<BranchRun> runs = new ArrayList<>();
            for (Read<?> read : reads) {
                values.put(read.branch(), read.call().get());
                runs.add(new BranchRun(read.branch(), "fake-" + read.branch(), false, "id-1"));
            }
            return new Answers(values, runs);
        }
    }

    private final List<String> portCalls = new ArrayList<>();

    private VisitorCardService serviceOver(IndependentReads fanOut) {
        return new VisitorCardService(visitor -> {
            portCalls.add("visits of " + visitor.value());
            return 7;
        }, visitor -> {
            portCalls.add("last visit of " + visitor.value());
            return Optional.of(LAST);
        }, visitor -> {
            portCalls.add("recommendation for " + visitor.value());
            return "docs/capacity.md";
        }, fanOut);
    }

    @Test
    void the_three_reads_are_handed_to_the_fan_out_together_and_make_the_card() {
        FakeFanOut fanOut = new FakeFanOut();

        ShownCard shown = serviceOver(fanOut).cardFor(ADA);

        assertThat(fanOut.calls).containsExactly(List.of(VisitorCardService.VISIT_COUNT,
                VisitorCardService.LAST_VISIT, VisitorCardService.RECOMMENDATION));
        assertThat(portCalls).containsExactly("visits of Ada", "last visit of Ada", "recommendation for Ada");
        assertThat(shown.card().who()).isEqualTo("Ada");
        assertThat(shown.card().visits()).isEqualTo(7);
        assertThat(shown.card().lastVisit()).contains(LAST);
        assertThat(shown.card().recommendation()).isEqualTo("docs/capacity.md");
        assertThat(shown.branches()).extracting(BranchRun::thread)
                .containsExactly("fake-visit-count", "fake-last-visit", "fake-recommendation");
    }

    @Test
    void no_read_runs_outside_the_fan_out() {
        assertThatThrownBy(() -> serviceOver(reads -> {
            throw new BranchTimedOutException(reads.getFirst().branch(), Duration.ofMillis(1));
        }).cardFor(ADA)).isInstanceOf(BranchTimedOutException.class).hasMessageContaining("visit-count");
        assertThat(portCalls).isEmpty();
    }
}
