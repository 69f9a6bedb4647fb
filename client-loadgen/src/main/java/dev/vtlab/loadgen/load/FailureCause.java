package dev.vtlab.loadgen.load;

import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;

/** Names why a request failed, in words a report can count ("connection refused", "request timeout"). */
public final class FailureCause {

    private FailureCause() {
    }

    public static String of(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && !(cause instanceof HttpTimeoutException)
                && !(cause instanceof ConnectException)) {
            cause = cause.getCause();
        }
        if (cause instanceof HttpConnectTimeoutException) {
            return "connect timeout";
        }
        if (cause instanceof HttpTimeoutException) {
            return "request timeout";
        }
        if (cause instanceof ConnectException) {
            return "connection refused";
        }
        if (cause instanceof ClosedChannelException) {
            return "connection closed";
        }
        String message = cause.getMessage() == null ? "" : cause.getMessage().toLowerCase(java.util.Locale.ROOT);
        if (message.contains("reset")) {
            return "connection reset";
        }
        if (message.contains("closed") || message.contains("eof")) {
            return "connection closed";
        }
        return cause.getClass().getSimpleName();
    }
}
