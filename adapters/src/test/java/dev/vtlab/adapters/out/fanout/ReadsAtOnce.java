package dev.vtlab.adapters.out.fanout;

import dev.vtlab.application.port.out.IndependentReads.Read;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Test helper for the ways that fan out: reads that answer only if all of them run at once. Each waits at a barrier
 * the others must reach too (at most 10 s), so a way that ran them one after the other fails, and no test measures a
 * duration. Each answers its branch's name with {@code !}.
 */
public final class ReadsAtOnce {

    private ReadsAtOnce() {
    }

    public static List<Read<?>> of(String... branches) {
        CyclicBarrier all = new CyclicBarrier(branches.length);
        List<Read<?>> reads = new ArrayList<>();
        for (String branch : branches) {
            reads.add(new Read<>(branch, () -> {
                try {
                    all.await(10, TimeUnit.SECONDS); // passes only if every branch is running at once
                } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                    throw new IllegalStateException("the branches did not run at once", e);
                }
                return branch + "!";
            }));
        }
        return reads;
    }
}
