package org.ipjoin.job.locate;

/**
 * A locator that reads each record as a JSON object ({@code json:PATH}): {@link JsonFieldLocator}
 * for one column, {@link JsonPathColumn} for each of several. Tag mode writes its columns into
 * such records as fields of the object.
 */
public sealed interface JsonLocator extends ClientIpLocator permits JsonFieldLocator, JsonPathColumn {
}
