package dev.vtlab.settings;

/** Start-up error: one setting has a value the server refuses; the message names the key. */
public class InvalidSettingException extends RuntimeException {

    private final String key;

    public InvalidSettingException(String key, String message) {
        super(message);
        this.key = key;
    }

    /** The property key at fault, e.g. {@code vtlab.virtual-threads.tomcat}. */
    public String key() {
        return key;
    }
}
