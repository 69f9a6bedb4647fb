package dev.vtlab.otherservice;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * {@code GET /orders/report}: a page that computes, a few milliseconds of CPU and no waiting: {@code orders.report-rounds}
 * SHA-256 digests, each over the one before. The cores bind it.
 */
@RestController
class ReportController {

    private final int rounds;

    ReportController(@Value("${orders.report-rounds}") int rounds) {
        this.rounds = rounds;
    }

    @GetMapping("/orders/report")
    Map<String, String> report() throws NoSuchAlgorithmException {
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        byte[] digest = ByteBuffer.allocate(1024).putLong(System.nanoTime()).array();
        for (int i = 0; i < rounds; i++) {
            sha256.update(digest);
            sha256.update(new byte[1024 - digest.length]);
            digest = sha256.digest();
        }
        return Map.of("digest", HexFormat.of().formatHex(digest));
    }
}
