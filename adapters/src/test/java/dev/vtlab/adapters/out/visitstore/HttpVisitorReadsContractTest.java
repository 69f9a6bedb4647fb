package dev.vtlab.adapters.out.visitstore;

import dev.vtlab.adapters.Downstreams;
import dev.vtlab.adapters.VisitorReadsContract;
import dev.vtlab.domain.VisitorName;
import dev.vtlab.downstream.visitstore.VisitStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The card's reads over the HTTP adapter, against a visit store on loopback; and a store that is down, failing,
 * talking nonsense or too slow: each read raises the {@link VisitStoreException} the server's advice answers as a
 * 502 or 504 naming the store.
 */
class HttpVisitorReadsContractTest extends VisitorReadsContract {

    private static final VisitorName ADA = new VisitorName("Ada");

    private final VisitStore store = Downstreams.visitStore(0, Duration.ZERO);
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Override
    protected Kind freshKind() {
        return Kind.of(new HttpVisitorReads(client, store.url(), Duration.ofSeconds(5)),
                new HttpVisitRepository(client, store.url(), Duration.ofSeconds(5)));
    }

    @AfterEach
    void stop() {
        client.close();
        store.close();
    }

    @Test
    void a_store_that_is_down_is_unreachable_for_each_read() {
        URI nobody = URI.create("http://127.0.0.1:" + Downstreams.portNoOneIsGiven());
        HttpVisitorReads reads = new HttpVisitorReads(client, nobody, Duration.ofSeconds(5));

        assertEachRead(reads, VisitStoreException.Failure.UNREACHABLE, nobody);
    }

    @Test
    void a_store_answering_500_is_a_bad_status_for_each_read() {
        store.inject(VisitStore.Fault.ANSWERS_500);

        assertEachRead(new HttpVisitorReads(client, store.url(), Duration.ofSeconds(5)),
                VisitStoreException.Failure.BAD_STATUS, store.url());
    }

    @Test
    void a_store_answering_a_body_that_is_not_json_is_a_malformed_answer_for_each_read() {
        store.inject(VisitStore.Fault.ANSWERS_GARBAGE);

        assertEachRead(new HttpVisitorReads(client, store.url(), Duration.ofSeconds(5)),
                VisitStoreException.Failure.MALFORMED_ANSWER, store.url());
    }

    /** The store waits 1.5 s more than its delay; the adapter's timeout is 200 ms: one read is enough. */
    @Test
    void a_store_slower_than_the_timeout_is_a_timeout() {
        store.inject(VisitStore.Fault.TOO_SLOW);
        HttpVisitorReads reads = new HttpVisitorReads(client, store.url(), Duration.ofMillis(200));

        VisitStoreException failure = catchThrowableOfType(VisitStoreException.class, () -> reads.visitsOf(ADA));

        assertThat(failure.failure()).isEqualTo(VisitStoreException.Failure.TIMEOUT);
        assertThat(failure.store()).isEqualTo(store.url());
    }

    private static void assertEachRead(HttpVisitorReads reads, VisitStoreException.Failure expected, URI store) {
        List<Consumer<VisitorName>> each = List.of(reads::visitsOf, reads::lastVisitOf, reads::recommendationFor);
        for (Consumer<VisitorName> read : each) {
            VisitStoreException failure = catchThrowableOfType(VisitStoreException.class, () -> read.accept(ADA));
            assertThat(failure).as("each read fails as the store does").isNotNull();
            assertThat(failure.failure()).isEqualTo(expected);
            assertThat(failure.store()).isEqualTo(store);
        }
    }
}
