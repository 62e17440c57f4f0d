-- What all pending checkouts from one client address hold, counted under that address's lock
-- (`hold-address:<address>`), in one statement: a checkout calls it last, just before it commits
-- (server/features/payments/hold-limits.ts, checkAddressHolds). The count is read after the lock is granted (each
-- statement of a function sees what was committed before it began), so it sees every checkout from the address
-- committed while this one waited, and one statement instead of two keeps the lock held a round trip less.
CREATE OR REPLACE FUNCTION hold_address_totals(address text, OUT units bigint, OUT paise bigint) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('hold-address:' || address));
	SELECT coalesce(sum((SELECT coalesce(sum(h.quantity), 0) FROM stock_holds h WHERE h.checkout_id = c.id)), 0),
	       coalesce(sum(c.amount_paise), 0)
	  INTO units, paise
	  FROM checkouts c
	 WHERE c.status = 'pending' AND c.client_address = address;
END;
$$;
