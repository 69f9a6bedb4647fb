package dev.vtlab.archfixture.application;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Fixture violation: a use case that creates no thread, yet decides how its independent reads run, on an executor
 * it was handed. The creation rule lets it through; the rule that the core names no executor, thread factory or
 * structured scope does not.
 */
public class ServiceForkingItsReads {

    private final ExecutorService executor;

    public ServiceForkingItsReads(ExecutorService executor) {
        this.executor = executor;
    }

    public List<Future<String>> readAll(List<Supplier<String>> reads) {
        return reads.stream().map(read -> executor.submit(read::get)).toList();
    }
}
