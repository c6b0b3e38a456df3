// What the tests compile SharedPreferencesStorage against on the JVM: the members of Android's
// android.content.SharedPreferences it calls, with Android's signatures. Never shipped: neither
// jar holds it, and on a device Android's own interface is the one used.
package android.content;

public interface SharedPreferences {
    String getString(String key, String defValue);

    Editor edit();

    interface Editor {
        Editor putString(String key, String value);

        boolean commit();
    }
}
