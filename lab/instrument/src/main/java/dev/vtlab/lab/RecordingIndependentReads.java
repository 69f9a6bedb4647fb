package dev.vtlab.lab;

import dev.vtlab.application.port.out.IndependentReads;

import java.util.ArrayList;
import java.util.List;

/**
 * Lab decorator: the fan-out the composition root chose, each of its reads noted as it starts and ends and the
 * fan-out as it answers ({@link FanOutAftermath}). The reads, their order, their threads and every answer and
 * failure are the adapter's own: whoever calls this cannot tell it from the adapter inside.
 */
public final class RecordingIndependentReads implements IndependentReads {

    private final IndependentReads fanOut;
    private final FanOutAftermath aftermath;

    public RecordingIndependentReads(IndependentReads fanOut, FanOutAftermath aftermath) {
        this.fanOut = fanOut;
        this.aftermath = aftermath;
    }

    @Override
    public Answers readAll(List<Read<?>> reads) {
        FanOutAftermath.FanOut recorded = aftermath.begin();
        List<Read<?>> noted = new ArrayList<>(reads.size());
        for (Read<?> read : reads) {
            noted.add(noted(read, recorded));
        }
        boolean failed = true;
        try {
            Answers answers = fanOut.readAll(noted);
            failed = false;
            return answers;
        } finally {
            recorded.answers(failed);
        }
    }

    private static <T> Read<T> noted(Read<T> read, FanOutAftermath.FanOut fanOut) {
        return new Read<>(read.branch(), () -> {
            fanOut.readStarts();
            try {
                return read.call().get();
            } finally {
                fanOut.readEnds();
            }
        });
    }
}
