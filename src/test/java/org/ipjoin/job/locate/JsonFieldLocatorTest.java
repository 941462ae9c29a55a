package org.ipjoin.job.locate;

import static org.ipjoin.job.locate.LocatedField.field;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code json:PATH}. Where JSON alone says what the value is, the expected value is Jackson's
 * (the record from its first '{' parsed into a tree, the value read by a JSON pointer written by
 * hand); where it is ipjoin's own rule (first occurrence, dotted keys, malformed), by hand.
 */
class JsonFieldLocatorTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Jackson's text of the string at {@code pointer} in the record's object. */
  private static String jackson(String record, String pointer) throws Exception {
    JsonNode value = JSON.readTree(record.substring(record.indexOf('{'))).at(JsonPointer.compile(pointer));
    assertEquals(true, value.isTextual(), pointer + " in " + record);
    return value.textValue();
  }

  private static void agreesWithJackson(String path, String pointer, String record) throws Exception {
    assertEquals(jackson(record, pointer), field("json:" + path, record), path + " in " + record);
  }

  @Test
  void readsTheClientOfRealLogLayouts() throws Exception {
    // Zeek's JSON logs: a key holding dots.
    agreesWithJackson("id.orig_h", "/id.orig_h", "{\"ts\":1591367999.305988,\"uid\":\"CMdzit1AMNsmfAIiQc\","
        + "\"id.orig_h\":\"192.168.4.76\",\"id.orig_p\":36844,\"id.resp_h\":\"192.168.4.1\",\"id.resp_p\":53}");
    // Elastic Common Schema: nested objects, the same key name in several of them.
    String ecs = "{\"@timestamp\":\"2026-11-23T06:00:00Z\",\"source\":{\"geo\":{\"city_name\":\"x\"},"
        + "\"ip\":\"2001:db8::1\"},\"destination\":{\"ip\":\"10.0.0.1\"},\"client\":{\"ip\":\"203.0.113.9\"}}";
    agreesWithJackson("client.ip", "/client/ip", ecs);
    agreesWithJackson("source.ip", "/source/ip", ecs);
    // A container runtime's prefix (CRI) and a syslog header before the object.
    agreesWithJackson("remote_addr", "/remote_addr",
        "2026-11-23T06:00:00.000000000Z stdout F {\"remote_addr\":\"198.51.100.7\",\"request\":\"GET /\"}");
    agreesWithJackson("ip", "/ip", "<134>Nov 23 06:00:00 web nginx: {\"ip\":\"192.0.2.44\"}");
    // CloudTrail: the address after nested objects and arrays holding braces in strings.
    agreesWithJackson("sourceIPAddress", "/sourceIPAddress", "{\"eventVersion\":\"1.08\",\"userIdentity\":"
        + "{\"type\":\"IAMUser\",\"sessionContext\":{\"attributes\":{\"mfa\":\"false\"}}},\"requestParameters\":"
        + "{\"filter\":[{\"name\":\"x}\",\"values\":[\"a\",\"b{\",[],{}]}]},\"sourceIPAddress\":\"198.51.100.1\"}");
  }

  @Test
  void followsJsonSyntax() throws Exception {
    agreesWithJackson("client.ip", "/client/ip", "{ \"client\" :\n{ \"ip\" :\t\"1.2.3.4\" } }\r");
    agreesWithJackson("ip", "/ip", "{\"\\u0069p\":\"1.2.3.4\"}");
    agreesWithJackson("a\"b", "/a\"b", "{\"a\\\"b\":\"1.2.3.4\"}");
    agreesWithJackson("a/b", "/a~1b", "{\"a\\/b\":\"1.2.3.4\"}");
    agreesWithJackson("ip", "/ip", "{\"a\\\"b\":\"x\\\"}\",\"msg\":\"} { ] [ \\\\\",\"ip\":\"1.2.3.5\"}");
    agreesWithJackson("ip", "/ip", "{\"a\":{},\"b\":[],\"c\":[[],{}],\"d\":null,\"e\":-1.5e+3,\"f\":true,\"ip\":\"1.2.3.6\"}");
    agreesWithJackson("adresse_\u00fc", "/adresse_\u00fc", "{\"adresse_\u00fc\":\"1.2.3.7\"}");
    agreesWithJackson("adresse_\u00fc", "/adresse_\u00fc", "{\"adresse_\\u00FC\":\"1.2.3.8\"}");
    agreesWithJackson("\ud83d\ude00.ip", "/\ud83d\ude00/ip", "{\"\\ud83d\\ude00\":{\"ip\":\"1.2.3.9\"}}");
    agreesWithJackson("\u20ac", "/\u20ac", "{\"\\u20ac\":\"1.2.3.10\"}");
    String deep = "[".repeat(900) + "]".repeat(900); // Jackson stops at 1000 levels
    agreesWithJackson("ip", "/ip", "{\"deep\":" + deep + ",\"ip\":\"1.2.3.11\"}");
  }

  @Test
  void onlyTheExactPathMatches() throws Exception {
    String r = "{\"other\":{\"ip\":\"10.0.0.1\"},\"list\":[{\"ip\":\"10.0.0.2\"}],\"ip\":\"10.0.0.3\"}";
    agreesWithJackson("ip", "/ip", r);
    assertEquals(null, field("json:ip", "{\"other\":{\"ip\":\"10.0.0.1\"},\"list\":[{\"ip\":\"10.0.0.2\"}]}"));
    agreesWithJackson("client.ip", "/client/ip",
        "{\"ip\":\"x\",\"client\":{\"other\":{\"ip\":\"y\"},\"list\":[\"ip\"],\"ip\":\"10.0.0.4\"}}");
    assertEquals(null, field("json:client.ip", "{\"client\":\"10.0.0.5\",\"ip\":\"10.0.0.6\"}"));
    assertEquals(null, field("json:Ip", "{\"ip\":\"10.0.0.6\"}"), "keys are case-sensitive");
    assertEquals(null, field("json:i", "{\"ip\":\"10.0.0.6\"}"));
    assertEquals(null, field("json:ip.x", "{\"ip\":\"10.0.0.6\"}"));
  }

  @Test
  void theFirstKeyThatLeadsToAValueWins() {
    assertEquals("10.0.0.1", field("json:ip", "{\"ip\":\"10.0.0.1\",\"ip\":\"10.0.0.2\"}"), "repeated key");
    assertEquals("10.0.0.1", field("json:id.orig_h", "{\"id\":{\"orig_h\":\"10.0.0.1\"},\"id.orig_h\":\"10.0.0.2\"}"));
    assertEquals("10.0.0.2", field("json:id.orig_h", "{\"id.orig_h\":\"10.0.0.2\",\"id\":{\"orig_h\":\"10.0.0.1\"}}"));
    assertEquals("10.0.0.9", field("json:id.orig_h", "{\"id\":\"x\",\"id.orig_h\":\"10.0.0.9\"}"));
    assertEquals("10.0.0.8", field("json:client.ip", "{\"client\":{\"port\":1},\"client.ip\":\"10.0.0.8\"}"));
    assertEquals("10.0.0.7", field("json:a.b.c", "{\"a\":{\"b.c\":\"10.0.0.7\"}}"));
    assertEquals("10.0.0.6", field("json:a.b.c", "{\"a.b\":{\"c\":\"10.0.0.6\"}}"));
    assertEquals("10.0.0.5", field("json:a.b.c", "{\"a\":{\"b\":{}},\"a.b\":{\"x\":1},\"a.b.c\":\"10.0.0.5\"}"));
  }

  @Test
  void valuesAndMalformedRecords() {
    assertEquals("12345", field("json:ip", "{\"ip\":12345}"), "a bare token as it is");
    assertEquals("true", field("json:ip", "{\"ip\" : true }"));
    assertEquals("1.2.3.4", field("json:ip", "{\"ip\":\"1.2.3.4:8080\"}"), "address rules apply");
    assertEquals(null, field("json:ip", "{\"ip\":\"1.2.3\\u002e4\"}"), "an escape in the value");
    assertEquals(null, field("json:ip", "{\"ip\":{\"v\":\"1.2.3.4\"}}"), "an object");
    assertEquals(null, field("json:ip", "{\"ip\":[\"1.2.3.4\"]}"), "an array");
    assertEquals(null, field("json:ip", "no object here"));
    assertEquals(null, field("json:ip", "{"));
    assertEquals(null, field("json:ip", "{}"));
    assertEquals(null, field("json:ip", "{\"ip\":\"1.2.3.4"), "unclosed value");
    // Malformed before the field.
    for (String before : new String[] {"\"a\":[1,2,", "\"a\" 1,", "\"a\":\"x\\q\",", "\"a\":\"\t\",",
        "\"a\":}", "\"a\":[1 2],", "\"a\":{\"b\"},", "\"a\":{\"b\":1,},", "\"a\":[1,],", "\"a\":1,,",
        "a:1,", "\"a\":\"\\u12\",", "\"a\":[}],", ",", "\"a\":1 \"b\":2,"}) {
      assertEquals(null, field("json:ip", "{" + before + "\"ip\":\"1.2.3.4\"}"), before);
    }
    // Deeper than Jackson goes: the skip stack grows, no recursion.
    String deeper = "[{\"a\":".repeat(50_000) + "1" + "}]".repeat(50_000);
    assertEquals("1.2.3.4", field("json:ip", "{\"d\":" + deeper + ",\"ip\":\"1.2.3.4\"}"));
    assertEquals(null, field("json:ip", "{\"d\":" + deeper.substring(1) + ",\"ip\":\"1.2.3.4\"}"));
    // Nothing after the value is read.
    assertEquals("1.2.3.4", field("json:ip", "{\"ip\":\"1.2.3.4\", garbage"));
    assertEquals("1.2.3.4", field("json:a.ip", "{\"a\":{\"ip\":\"1.2.3.4\"  ]]]"));
  }
}
