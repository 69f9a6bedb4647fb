package dev.vtlab.bootstrap.webserver;

import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Configuration: Tomcat's HTTP/1.1 connector with a 1 KB response buffer instead of 8 KB. Tomcat gives every
 * request it holds a response buffer of 8 KB of bytes plus 8 K chars (16 KB), allocated when the request's
 * processor is created whether or not anything is written: 24 KB of the 82 KB a held request cost (measured in
 * docs/benchmarks.md). With virtual threads (T) every accepted connection holds one, so this is the largest cut a
 * setting can make. A connector asks its protocol for this size ({@code Connector.createResponse}); there is no
 * property for it, hence the subclass.
 * <p>
 * The trade-off: a response body larger than the buffer is sent as it is written, in chunks, instead of with a
 * {@code Content-Length}, and is committed (its status can no longer change) after its first kilobyte. vtlab's
 * greetings and problem details are a few hundred bytes.
 * <p>
 * Its endpoint ({@link BoundNioEndpoint}) logs the in-flight bound once per episode, as Jetty and Netty do.
 */
public class LeanHttp11NioProtocol extends Http11NioProtocol {

    /** Bytes of the response buffer (Tomcat's default: 8192, plus as many chars). */
    public static final int RESPONSE_BUFFER_BYTES = 1024;

    public LeanHttp11NioProtocol() {
        super(new BoundNioEndpoint());
    }

    @Override
    public int getDesiredBufferSize() {
        return RESPONSE_BUFFER_BYTES;
    }
}
