package dev.vtlab.loadgen.cli;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;

/** Whether a URL's host is this machine's loopback: its service then shares the load generator's cores. */
final class Loopback {

    private Loopback() {
    }

    static boolean is(URI url) {
        String host = url.getHost();
        if (host == null) {
            return false;
        }
        try {
            return InetAddress.getByName(host.replaceAll("^\\[|]$", "")).isLoopbackAddress();
        } catch (UnknownHostException unknown) {
            return false; // refused later, when the first request cannot connect
        }
    }
}
