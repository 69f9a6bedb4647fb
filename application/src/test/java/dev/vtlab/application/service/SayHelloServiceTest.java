package dev.vtlab.application.service;

import dev.vtlab.application.port.out.VisitRepository;
import dev.vtlab.domain.Greeting;
import dev.vtlab.domain.Visit;
import dev.vtlab.domain.VisitorName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class SayHelloServiceTest {

    /** An instant, single-threaded repository: enough to check what the use case asks and in which order. */
    private static class RecordingRepository implements VisitRepository {
        final List<String> calls = new ArrayList<>();
        final List<Visit> saved = new ArrayList<>();

        @Override
        public long count() {
            calls.add("count");
            return saved.size();
        }

        @Override
        public void save(Visit visit) {
            calls.add("save");
            saved.add(visit);
        }

        @Override
        public CompletableFuture<Long> countAsync() {
            calls.add("countAsync");
            return CompletableFuture.completedFuture((long) saved.size());
        }

        @Override
        public CompletableFuture<Void> saveAsync(Visit visit) {
            calls.add("saveAsync");
            saved.add(visit);
            return CompletableFuture.completedFuture(null);
        }
    }

    private final RecordingRepository repository = new RecordingRepository();
    private final SayHelloService service = new SayHelloService(repository);

    @Test
    void sync_style_counts_then_saves_the_next_visit() {
        service.sayHello(new VisitorName("Ada"));
        Greeting greeting = service.sayHello(new VisitorName("Grace"));

        assertThat(greeting).isEqualTo(new Greeting("Grace", 2, "Hello, Grace! You are visitor number 2."));
        assertThat(repository.calls).containsExactly("count", "save", "count", "save");
        assertThat(repository.saved).containsExactly(
                new Visit(new VisitorName("Ada"), 1), new Visit(new VisitorName("Grace"), 2));
    }

    @Test
    void async_style_composes_count_then_save_without_blocking_calls() {
        Greeting greeting = service.sayHelloAsync(new VisitorName("Ada")).join();

        assertThat(greeting).isEqualTo(new Greeting("Ada", 1, "Hello, Ada! You are visitor number 1."));
        assertThat(repository.calls).containsExactly("countAsync", "saveAsync");
    }

    @Test
    void async_style_passes_a_failed_save_on_to_the_caller() {
        VisitRepository failing = new RecordingRepository() {
            @Override
            public CompletableFuture<Void> saveAsync(Visit visit) {
                return CompletableFuture.failedFuture(new IllegalStateException("disk full"));
            }
        };

        CompletableFuture<Greeting> greeting = new SayHelloService(failing).sayHelloAsync(VisitorName.ANONYMOUS);

        assertThat(greeting).failsWithin(java.time.Duration.ZERO)
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withMessageContaining("disk full");
    }
}
