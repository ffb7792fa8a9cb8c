from deckcheck.entry import main

main()
